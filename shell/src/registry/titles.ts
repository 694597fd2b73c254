/**
 * Titles of the nav groups: the registry names them by message id, and the catalogs hold them
 * here so that they are translated like every other text. A module's own title and its nav
 * entries' are worded in its manifest (titles, generated into the kit's moduleTitles); a
 * plugin's, which installs at run time, come with /api/modules (RegistryTitles). Unknown ids
 * show as the id.
 */
import { defineMessages } from 'react-intl';

export const registryTitles = defineMessages({
  groupLibraries: { id: 'nav.group.libraries', defaultMessage: 'Libraries' },
  groupManageLibraries: { id: 'nav.group.manageLibraries', defaultMessage: 'Manage libraries' },
  groupPrototypes: { id: 'nav.group.prototypes', defaultMessage: 'Prototypes' },
  groupAssortments: { id: 'nav.group.assortments', defaultMessage: 'Assortments' },
  navSeasons: { id: 'nav.seasons', defaultMessage: 'Seasons' },
  groupOrders: { id: 'nav.group.orders', defaultMessage: 'Orders' },
});

export const toolTitles = defineMessages({
  travelCalendar: { id: 'tool.travelCalendar', defaultMessage: 'Travel calendar' },
  keyItemPrice: { id: 'tool.keyItemPrice', defaultMessage: 'Key item price' },
  spendingApproval: { id: 'tool.spendingApproval', defaultMessage: 'Spending approval' },
  upcLookup: { id: 'tool.upcLookup', defaultMessage: 'UPC lookup' },
});

export const TOOL_ICONS: Record<string, string> = {
  travelCalendar: 'plane',
  keyItemPrice: 'price',
  spendingApproval: 'approval',
  upcLookup: 'barcode',
};

/** Normalises tool ids such as travel_calendar or travel-calendar to travelCalendar. */
export const toolKey = (id: string) => id.replace(/[-_ ]+([a-z])/gi, (_, c: string) => c.toUpperCase());
