/**
 * Titles of the nav entries and groups (and of the plugins, which install at run time): the
 * registry names them by message id, and the catalogs hold them here so that they are translated
 * like every other text. A module's own title is worded in its manifest (titles, generated into
 * the kit's moduleTitles). Unknown ids show as the id.
 */
import { defineMessages } from 'react-intl';

export const moduleTitles = defineMessages({
  navDashboard: { id: 'nav.dashboard', defaultMessage: 'Dashboard' },
  groupLibraries: { id: 'nav.group.libraries', defaultMessage: 'Libraries' },
  groupManageLibraries: { id: 'nav.group.manageLibraries', defaultMessage: 'Manage libraries' },
  navAdvertising: { id: 'nav.advertisingLibrary', defaultMessage: 'Advertising' },
  navAdvertisingLogos: { id: 'nav.advertisingLogos', defaultMessage: 'Advertising logos' },
  navGlobalRetail: { id: 'nav.globalRetailLibrary', defaultMessage: 'Global retail' },
  navGlobalRetailResources: { id: 'nav.globalRetailResources', defaultMessage: 'Global retail resources' },
  navProductDocuments: { id: 'nav.productDocuments', defaultMessage: 'Product documents' },
  navStep: { id: 'nav.stepLibrary', defaultMessage: 'Sales training (STEP)' },
  navAdvertisingManage: { id: 'nav.advertisingManage', defaultMessage: 'Manage advertising' },
  navGlobalRetailManage: { id: 'nav.globalRetailManage', defaultMessage: 'Manage global retail' },
  navProductDocumentsManage: { id: 'nav.productDocumentsManage', defaultMessage: 'Manage product documents' },
  navStepManage: { id: 'nav.stepManage', defaultMessage: 'Manage STEP' },
  groupPrototypes: { id: 'nav.group.prototypes', defaultMessage: 'Prototypes' },
  navPrototypes: { id: 'nav.prototypes', defaultMessage: 'Prototypes' },
  navProducts: { id: 'nav.products', defaultMessage: 'Products' },
  navSampleInventory: { id: 'nav.sampleInventory', defaultMessage: 'Sample inventory' },
  navAssortments: { id: 'nav.assortments', defaultMessage: 'Assortments' },
  navInternalAssortments: { id: 'nav.internalAssortments', defaultMessage: 'Internal assortments' },
  navAssortmentReporting: { id: 'nav.assortmentReporting', defaultMessage: 'Assortment reporting' },
  groupAssortments: { id: 'nav.group.assortments', defaultMessage: 'Assortments' },
  navManageSeasons: { id: 'nav.manageSeasons', defaultMessage: 'Manage seasons' },
  navSeasons: { id: 'nav.seasons', defaultMessage: 'Seasons' },
  groupOrders: { id: 'nav.group.orders', defaultMessage: 'Orders' },
  navSampleOrders: { id: 'nav.sampleOrders', defaultMessage: 'Sample orders' },
  navPromoOrders: { id: 'nav.promoOrders', defaultMessage: 'Promo orders' },
  navWholesaleOrders: { id: 'nav.wholesaleOrders', defaultMessage: 'Wholesale orders' },
  navCoordinatorAssignments: { id: 'nav.coordinatorAssignments', defaultMessage: 'Coordinator assignments' },
  moduleConference: { id: 'module.conference', defaultMessage: 'Global conference' },
  navConference: { id: 'nav.conference', defaultMessage: 'Global conference' },
  moduleAnnouncements: { id: 'module.announcements', defaultMessage: 'Announcements' },
  navAnnouncements: { id: 'nav.announcements', defaultMessage: 'Announcements' },
  navAdmin: { id: 'nav.admin', defaultMessage: 'Admin' },
  navAdminPolicies: { id: 'nav.adminPolicies', defaultMessage: 'Policies' },
  navAdminPolicyRego: { id: 'nav.adminPolicyRego', defaultMessage: 'Policy rules (Rego)' },
  navAdminPolicySimulator: { id: 'nav.adminPolicySimulator', defaultMessage: 'Policy simulator' },
  navAdminPolicyHistory: { id: 'nav.adminPolicyHistory', defaultMessage: 'Policy history' },
  navAdminCustomers: { id: 'nav.adminCustomers', defaultMessage: 'Customers' },
  navAdminTerritories: { id: 'nav.adminTerritories', defaultMessage: 'Territories' },
  navAdminDivisionGroups: { id: 'nav.adminDivisionGroups', defaultMessage: 'Division groups' },
  navAdminLocations: { id: 'nav.adminLocations', defaultMessage: 'Locations' },
  navAdminCurrencies: { id: 'nav.adminCurrencies', defaultMessage: 'Currencies' },
  navAdminCrmOutbox: { id: 'nav.adminCrmOutbox', defaultMessage: 'CRM outbox' },
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
