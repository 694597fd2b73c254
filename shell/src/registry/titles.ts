/**
 * Titles of the tools of the logged-in options. A module's own title, its nav entries' and its
 * nav groups' are worded in its manifest (titles, groupTitles), generated into the kit's
 * moduleTitles; a plugin's, which installs at run time, come with /api/modules (RegistryTitles).
 * Unknown ids show as the id.
 */
import { defineMessages } from 'react-intl';

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
