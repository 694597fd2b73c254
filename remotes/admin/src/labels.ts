/**
 * Words for the server's names: statuses, permission domains, roles, flags and departments.
 * A name without a message (role codes such as DIS or REP, constants such as POP) shows as is.
 */
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';

export const statusLabels = defineMessages({
  active: { id: 'admin.status.active', defaultMessage: 'Active' },
  pendingEmail: { id: 'admin.status.pendingEmail', defaultMessage: 'E-mail not confirmed' },
  pendingApproval: { id: 'admin.status.pendingApproval', defaultMessage: 'Awaiting approval' },
  notApproved: { id: 'admin.status.notApproved', defaultMessage: 'Refused' },
  deactivated: { id: 'admin.status.deactivated', defaultMessage: 'Deactivated' },
});

export const domainLabels = defineMessages({
  'its:advertisingAssets': { id: 'admin.domain.advertisingAssets', defaultMessage: 'Advertising assets' },
  'its:advertisingLogos': { id: 'admin.domain.advertisingLogos', defaultMessage: 'Advertising logos' },
  'its:globalRetailAssets': { id: 'admin.domain.globalRetailAssets', defaultMessage: 'Global retail assets' },
  'its:globalRetailResources': { id: 'admin.domain.globalRetailResources', defaultMessage: 'Global retail resources' },
  'its:products': { id: 'admin.domain.products', defaultMessage: 'Products' },
  'its:productDocuments': { id: 'admin.domain.productDocuments', defaultMessage: 'Product documents' },
  'its:productAssortments': { id: 'admin.domain.productAssortments', defaultMessage: 'Product assortments' },
  'its:internalAssortments': { id: 'admin.domain.internalAssortments', defaultMessage: 'Internal assortments' },
  'its:sampleOrders': { id: 'admin.domain.sampleOrders', defaultMessage: 'Sample orders' },
  'its:promoOrders': { id: 'admin.domain.promoOrders', defaultMessage: 'Promo orders' },
  'its:wholesaleOrders': { id: 'admin.domain.wholesaleOrders', defaultMessage: 'Wholesale orders' },
  'its:conference': { id: 'admin.domain.conference', defaultMessage: 'Global conference' },
  'its:admin:users': { id: 'admin.domain.adminUsers', defaultMessage: 'Administration: users' },
  'its:admin:divisionGroups': { id: 'admin.domain.adminDivisionGroups', defaultMessage: 'Administration: division groups' },
  'its:admin:territories': { id: 'admin.domain.adminTerritories', defaultMessage: 'Administration: territories' },
  'its:admin:customers': { id: 'admin.domain.adminCustomers', defaultMessage: 'Administration: customers' },
  'its:admin:reports': { id: 'admin.domain.adminReports', defaultMessage: 'Administration: reports' },
  'its:admin:orders': { id: 'admin.domain.adminOrders', defaultMessage: 'Administration: orders' },
  'its:stepTraining': { id: 'admin.domain.stepTraining', defaultMessage: 'Sales training (STEP)' },
  'its:travelCalendar': { id: 'admin.domain.travelCalendar', defaultMessage: 'Travel calendar' },
  'its:keyItemPrice': { id: 'admin.domain.keyItemPrice', defaultMessage: 'Key item price' },
  'its:spendingApproval': { id: 'admin.domain.spendingApproval', defaultMessage: 'Spending approval' },
  'its:upcLookup': { id: 'admin.domain.upcLookup', defaultMessage: 'UPC lookup' },
  'its:sampleInventory': { id: 'admin.domain.sampleInventory', defaultMessage: 'Sample inventory' },
});

export const roleLabels = defineMessages({
  user: { id: 'admin.role.user', defaultMessage: 'User' },
  editor: { id: 'admin.role.editor', defaultMessage: 'Editor' },
  seniorEditor: { id: 'admin.role.seniorEditor', defaultMessage: 'Senior editor' },
  admin: { id: 'admin.role.admin', defaultMessage: 'Administrator' },
  adminEditor: { id: 'admin.role.adminEditor', defaultMessage: 'Admin editor' },
  approver: { id: 'admin.role.approver', defaultMessage: 'Approver' },
  seniorApprover: { id: 'admin.role.seniorApprover', defaultMessage: 'Senior approver' },
  coordinator: { id: 'admin.role.coordinator', defaultMessage: 'Coordinator' },
  seniorCoordinator: { id: 'admin.role.seniorCoordinator', defaultMessage: 'Senior coordinator' },
  sampleCoordinator: { id: 'admin.role.sampleCoordinator', defaultMessage: 'Sample coordinator' },
  distributor: { id: 'admin.role.distributor', defaultMessage: 'Distributor' },
  manager: { id: 'admin.role.manager', defaultMessage: 'Manager' },
});

/** "All" means "not narrowed". */
export const allLabel = defineMessages({
  all: { id: 'admin.all', defaultMessage: 'All' },
});

export const flagLabels = defineMessages({
  wof: { id: 'admin.flag.wof', defaultMessage: 'Wholesale order form (WOF)' },
  conferenceAsianJV: { id: 'admin.flag.conferenceAsianJV', defaultMessage: 'Conference group: Asian JV' },
  conferenceDomestic: { id: 'admin.flag.conferenceDomestic', defaultMessage: 'Conference group: Domestic' },
  conferenceInternational: { id: 'admin.flag.conferenceInternational', defaultMessage: 'Conference group: International' },
});

export const departmentLabels = defineMessages({
  Production: { id: 'admin.department.production', defaultMessage: 'Production' },
  Sales: { id: 'admin.department.sales', defaultMessage: 'Sales' },
});

/** The label of `value` from `labels`, or the value itself. */
export function label(intl: IntlShape, labels: Record<string, MessageDescriptor>, value: string): string {
  const d = labels[value];
  return d ? intl.formatMessage(d) : value;
}

/** Narrowing values (channel, region, product type) are the spec's names; only "All" is worded. */
export function narrowLabel(intl: IntlShape, value: string): string {
  return value === 'All' ? intl.formatMessage(allLabel.all) : value;
}

/** Initials for the avatar of an account. */
export function initials(name: string | undefined, lastName: string | undefined, email: string): string {
  const s = `${(name ?? '').trim().charAt(0)}${(lastName ?? '').trim().charAt(0)}`;
  return (s || email.charAt(0)).toUpperCase();
}
