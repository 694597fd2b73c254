/** The assortment manager's catalogs and the texts several screens share. */
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { withGridMessages } from '@its/grid';
import type { View } from './api';

// The kit's history and comments entries are worded in the grid kit's catalog, layered under the remote's.
export const loadMessages = withGridMessages((locale) => import(/* webpackChunkName: "i18n-[request]" */ `./i18n/${locale}.json`));

const messages = defineMessages({
  manager: { id: 'assortments.manager', defaultMessage: 'Assortment Manager' },
  internal: { id: 'assortments.internal', defaultMessage: 'Internal assortments' },
  created: { id: 'assortments.toast.created', defaultMessage: 'Assortment Created' },
  folderCreated: { id: 'assortments.toast.folderCreated', defaultMessage: 'Folder Created' },
  duplicated: { id: 'assortments.toast.duplicated', defaultMessage: 'Assortment Duplicated' },
  copiedTo: { id: 'assortments.toast.copiedTo', defaultMessage: '{n, plural, one {# copy} other {# copies}} sent to {name}' },
  itemsAdded: { id: 'assortments.toast.itemsAdded', defaultMessage: '{n} Item(s) added to assortment' },
  alertsCleared: { id: 'assortments.toast.alertsCleared', defaultMessage: '{n} Alerts Cleared' },
  filterAdded: { id: 'assortments.toast.filterAdded', defaultMessage: '{n, plural, one {1 Filter} other {# Filters}} added and assortment updated' },
  filterRemoved: { id: 'assortments.toast.filterRemoved', defaultMessage: '{n, plural, one {1 Filter} other {# Filters}} removed and assortment updated' },
  archived: { id: 'assortments.toast.archived', defaultMessage: '{n, plural, one {# Assortment Archived} other {# Assortments Archived}}' },
  unarchived: { id: 'assortments.toast.unarchived', defaultMessage: '{n, plural, one {# Assortment Unarchived} other {# Assortments Unarchived}}' },
  failed: { id: 'assortments.toast.failed', defaultMessage: 'The change was not saved: {message}' },
  cannotCreate: { id: 'assortments.toast.cannotCreate', defaultMessage: 'Cannot create an assortment - {message}' },
  userLock: {
    id: 'assortments.toast.userLock',
    defaultMessage: 'Your changes were not saved. The underlying data might be different than how you see it. Click here to reload the page.',
  },
  crmSynced: { id: 'assortments.toast.crmSynced', defaultMessage: "CRM has been sync'd" },
  mergeFrom: { id: 'assortments.merge.button', defaultMessage: 'Merge from…' },
  crmOutbox: { id: 'assortments.crmSync.outbox', defaultMessage: 'In the CRM outbox since {date}' },
  crmSending: { id: 'assortments.crmSync.sending', defaultMessage: 'Queued for the CRM {date}' },
  crmSent: { id: 'assortments.crmSync.sent', defaultMessage: 'Sent to the CRM {date} (HTTP {status})' },
  crmRetrying: { id: 'assortments.crmSync.retrying', defaultMessage: 'CRM attempt {n} failed {date}: {error}. Retrying…' },
  crmFailed: {
    id: 'assortments.crmSync.failed',
    defaultMessage: 'CRM sync failed after {n, plural, one {# attempt} other {# attempts}} ({date}): {error}',
  },
  reload: { id: 'assortments.action.reload', defaultMessage: 'Reload' },
  cancel: { id: 'assortments.action.cancel', defaultMessage: 'Cancel' },
  static: { id: 'assortments.method.static', defaultMessage: 'Static' },
  dynamic: { id: 'assortments.method.dynamic', defaultMessage: 'Dynamic' },
  folder: { id: 'assortments.type.folder', defaultMessage: 'Folder' },
});

/** The shared texts, typed loosely: values are checked by the formatter at run time. */
export const msg: Record<keyof typeof messages, MessageDescriptor> = messages;

export const viewTitles: Record<View, MessageDescriptor> = defineMessages({
  'quick-access': { id: 'assortments.view.quickAccess', defaultMessage: 'Quick access' },
  all: { id: 'assortments.view.all', defaultMessage: 'All assortments' },
  recent: { id: 'assortments.view.recent', defaultMessage: 'Recent' },
  starred: { id: 'assortments.view.starred', defaultMessage: 'Starred' },
  scheduled: { id: 'assortments.view.scheduled', defaultMessage: 'Scheduled' },
  archived: { id: 'assortments.view.archived', defaultMessage: 'Archived' },
});

/** Column and field names of the assortment screens. */
export const fields: Record<string, MessageDescriptor> = defineMessages({
  title: { id: 'assortments.field.title', defaultMessage: 'Title' },
  starred: { id: 'assortments.field.starred', defaultMessage: 'Star' },
  labels: { id: 'assortments.field.labels', defaultMessage: 'Labels' },
  labelText: { id: 'assortments.field.labels', defaultMessage: 'Labels' },
  method: { id: 'assortments.field.method', defaultMessage: 'Method' },
  subTitle: { id: 'assortments.field.customer', defaultMessage: 'Customer' },
  channel: { id: 'assortments.field.channel', defaultMessage: 'Channel' },
  region: { id: 'assortments.field.region', defaultMessage: 'Region' },
  season: { id: 'assortments.field.season', defaultMessage: 'Season' },
  year: { id: 'assortments.field.year', defaultMessage: 'Year' },
  gender: { id: 'assortments.field.gender', defaultMessage: 'Gender' },
  productType: { id: 'assortments.field.productType', defaultMessage: 'Product type' },
  locationId: { id: 'assortments.field.location', defaultMessage: 'Location' },
  productCount: { id: 'assortments.field.products', defaultMessage: 'Products' },
  alertCount: { id: 'assortments.field.alerts', defaultMessage: 'Alerts' },
  modifiedDate: { id: 'assortments.field.modified', defaultMessage: 'Modified' },
  scheduledDate: { id: 'assortments.field.scheduled', defaultMessage: 'Scheduled' },
  path: { id: 'assortments.field.folder', defaultMessage: 'Folder' },
  // The detail grid.
  style: { id: 'assortments.field.style', defaultMessage: 'Style' },
  color: { id: 'assortments.field.color', defaultMessage: 'Color' },
  thumbnail: { id: 'assortments.field.image', defaultMessage: 'Image' },
  name: { id: 'assortments.field.name', defaultMessage: 'Name' },
  colorDescription: { id: 'assortments.field.colorDescription', defaultMessage: 'Color description' },
  division: { id: 'assortments.field.division', defaultMessage: 'Division' },
  cost: { id: 'assortments.field.cost', defaultMessage: 'Cost' },
  netCost: { id: 'assortments.field.netCost', defaultMessage: 'Net cost' },
  suggestedRetail: { id: 'assortments.field.suggestedRetail', defaultMessage: 'Suggested retail' },
  discountPercent: { id: 'assortments.field.discountPercent', defaultMessage: 'Discount %' },
  discountAmount: { id: 'assortments.field.discountAmount', defaultMessage: 'Discount amount' },
  initialMarkup: { id: 'assortments.field.initialMarkup', defaultMessage: 'Initial markup' },
  label: { id: 'assortments.field.label', defaultMessage: 'Label' },
  quantity: { id: 'assortments.field.quantity', defaultMessage: 'Quantity' },
  quantityOnHand: { id: 'assortments.field.quantityOnHand', defaultMessage: 'On hand' },
  sellThru: { id: 'assortments.field.sellThru', defaultMessage: 'Sell-through' },
  styleNote: { id: 'assortments.field.styleNote', defaultMessage: 'Style note' },
  colorNote: { id: 'assortments.field.colorNote', defaultMessage: 'Color note' },
  collectionStyleNote: { id: 'assortments.field.collectionStyleNote', defaultMessage: 'Collection style note' },
  collectionColorNote: { id: 'assortments.field.collectionColorNote', defaultMessage: 'Collection color note' },
  pillar: { id: 'assortments.field.pillar', defaultMessage: 'Pillar' },
  storeType: { id: 'assortments.field.storeType', defaultMessage: 'Store type' },
  lineStatus: { id: 'assortments.field.lineStatus', defaultMessage: 'Line status' },
  totalInventory: { id: 'assortments.field.totalInventory', defaultMessage: 'Inventory' },
  alerts: { id: 'assortments.field.alerts', defaultMessage: 'Alerts' },
  sort: { id: 'assortments.field.sort', defaultMessage: 'Sort' },
});

export function fieldLabel(intl: IntlShape, field: string, fallback?: string): string {
  const d = fields[field];
  return d ? intl.formatMessage(d) : (fallback ?? field);
}

/** The message of a failed call, for a toast. */
export function errorText(e: unknown): string {
  if (e && typeof e === 'object' && 'message' in e && typeof (e as { message: unknown }).message === 'string') return (e as { message: string }).message;
  return String(e);
}

/** A 409 userLock answer (a stale write, or someone else's edit lock). */
export function isUserLock(e: unknown): boolean {
  const err = e as { status?: number; details?: { errorType?: string } } | null;
  return !!err && err.status === 409 && err.details?.errorType === 'userLock';
}
