/** The orders remote's catalogs and the texts several screens share. */
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { withGridMessages } from '@its/grid';
import type { Area } from './api';

// The kit's history and comments entries are worded in the grid kit's catalog, layered under the remote's.
export const loadMessages = withGridMessages((locale) => import(/* webpackChunkName: "i18n-[request]" */ `./i18n/${locale}.json`));

const messages = defineMessages({
  deleted: { id: 'orders.toast.deleted', defaultMessage: 'Order Deleted' },
  duplicated: { id: 'orders.toast.duplicated', defaultMessage: 'Order Duplicated' },
  reactivated: { id: 'orders.toast.reactivated', defaultMessage: 'Order Reactivated' },
  success: { id: 'orders.toast.success', defaultMessage: 'Success' },
  submitted: { id: 'orders.toast.submitted', defaultMessage: 'Order {n} submitted' },
  completed: { id: 'orders.toast.completed', defaultMessage: 'Order {n} marked complete' },
  userLock: {
    id: 'orders.toast.userLock',
    defaultMessage: 'Your changes were not saved. The underlying data might be different than how you see it. Click here to reload the page.',
  },
  reload: { id: 'orders.action.reload', defaultMessage: 'Reload' },
  cancel: { id: 'orders.action.cancel', defaultMessage: 'Cancel' },
  close: { id: 'orders.action.close', defaultMessage: 'Close' },
  emptyCreate: { id: 'orders.empty.create', defaultMessage: 'No orders available. Click below to create your first order.' },
  empty: { id: 'orders.empty', defaultMessage: 'No orders available.' },
  orders: { id: 'orders.title', defaultMessage: 'Orders' },
});

/** The shared texts, typed loosely: values are checked by the formatter at run time. */
export const msg: Record<keyof typeof messages, MessageDescriptor> = messages;

export const areaTitles: Record<Area, MessageDescriptor> = defineMessages({
  samples: { id: 'orders.area.samples', defaultMessage: 'Sample orders' },
  promos: { id: 'orders.area.promos', defaultMessage: 'Promo orders' },
  wholesale: { id: 'orders.area.wholesale', defaultMessage: 'Wholesale orders' },
});

export const viewTitles: Record<string, MessageDescriptor> = defineMessages({
  'sample-styles': { id: 'orders.view.sampleStyles', defaultMessage: 'Sample styles' },
  'active-orders': { id: 'orders.view.activeOrders', defaultMessage: 'Active orders' },
  'archived-orders': { id: 'orders.view.archivedOrders', defaultMessage: 'Archived orders' },
  'needs-review': { id: 'orders.view.needsReview', defaultMessage: 'Needs review' },
  reviewed: { id: 'orders.view.reviewed', defaultMessage: 'Reviewed' },
  archived: { id: 'orders.view.archived', defaultMessage: 'Archived' },
  active: { id: 'orders.view.active', defaultMessage: 'Active' },
});

/** Column and field names of the order screens. */
export const fields: Record<string, MessageDescriptor> = defineMessages({
  orderNumber: { id: 'orders.field.orderNumber', defaultMessage: 'Order #' },
  status: { id: 'orders.field.status', defaultMessage: 'Status' },
  orderApprovalStatus: { id: 'orders.field.orderApprovalStatus', defaultMessage: 'Approval status' },
  requesterName: { id: 'orders.field.requesterName', defaultMessage: 'Requester' },
  coordinatorCode: { id: 'orders.field.coordinatorCode', defaultMessage: 'Coordinator' },
  approverName: { id: 'orders.field.approverName', defaultMessage: 'Approver' },
  seniorApproverName: { id: 'orders.field.seniorApproverName', defaultMessage: 'Senior approver' },
  approverCode: { id: 'orders.field.approverCode', defaultMessage: 'Approver code' },
  seniorApproverCode: { id: 'orders.field.seniorApproverCode', defaultMessage: 'Senior approver code' },
  purpose: { id: 'orders.field.purpose', defaultMessage: 'Purpose' },
  productType: { id: 'orders.field.productType', defaultMessage: 'Product type' },
  productCount: { id: 'orders.field.productCount', defaultMessage: 'Lines' },
  totalAmount: { id: 'orders.field.totalAmount', defaultMessage: 'Total' },
  customerName: { id: 'orders.field.customerName', defaultMessage: 'Customer' },
  currency: { id: 'orders.field.currency', defaultMessage: 'Currency' },
  region: { id: 'orders.field.region', defaultMessage: 'Region' },
  origin: { id: 'orders.field.origin', defaultMessage: 'Origin' },
  account: { id: 'orders.field.account', defaultMessage: 'Account' },
  po: { id: 'orders.field.po', defaultMessage: 'PO' },
  buyer: { id: 'orders.field.buyer', defaultMessage: 'Buyer' },
  emailCC: { id: 'orders.field.emailCC', defaultMessage: 'Email CC' },
  instructions: { id: 'orders.field.instructions', defaultMessage: 'Instructions' },
  phone: { id: 'orders.field.phone', defaultMessage: 'Phone' },
  shippingMethod: { id: 'orders.field.shippingMethod', defaultMessage: 'Shipping method' },
  deliveryMethod: { id: 'orders.field.deliveryMethod', defaultMessage: 'Delivery method' },
  reason: { id: 'orders.field.reason', defaultMessage: 'Reason' },
  repNumber: { id: 'orders.field.repNumber', defaultMessage: 'Rep number' },
  comment: { id: 'orders.field.comment', defaultMessage: 'Comment' },
  requestedDeliveryDate: { id: 'orders.field.requestedDeliveryDate', defaultMessage: 'Requested delivery' },
  createdDate: { id: 'orders.field.createdDate', defaultMessage: 'Created' },
  modifiedDate: { id: 'orders.field.modifiedDate', defaultMessage: 'Modified' },
  submittedDate: { id: 'orders.field.submittedDate', defaultMessage: 'Submitted' },
  completedDate: { id: 'orders.field.completedDate', defaultMessage: 'Completed' },
  style: { id: 'orders.field.style', defaultMessage: 'Style' },
  color: { id: 'orders.field.color', defaultMessage: 'Color' },
  division: { id: 'orders.field.division', defaultMessage: 'Division' },
  gender: { id: 'orders.field.gender', defaultMessage: 'Gender' },
  size: { id: 'orders.field.size', defaultMessage: 'Size' },
  sizePreference: { id: 'orders.field.sizePreference', defaultMessage: 'Size preference' },
  side: { id: 'orders.field.side', defaultMessage: 'Side' },
  source: { id: 'orders.field.source', defaultMessage: 'Source' },
  quantity: { id: 'orders.field.quantity', defaultMessage: 'Quantity' },
  sizes: { id: 'orders.field.sizes', defaultMessage: 'Sizes' },
  shipper: { id: 'orders.field.shipper', defaultMessage: 'Shipper' },
  tracking: { id: 'orders.field.tracking', defaultMessage: 'Tracking' },
  returnType: { id: 'orders.field.returnType', defaultMessage: 'Return type' },
  promoCode: { id: 'orders.field.promoCode', defaultMessage: 'Promo code' },
  term: { id: 'orders.field.term', defaultMessage: 'Term' },
  packCode: { id: 'orders.field.packCode', defaultMessage: 'Pack code' },
  unitPrice: { id: 'orders.field.unitPrice', defaultMessage: 'Unit price' },
  discount: { id: 'orders.field.discount', defaultMessage: 'Discount %' },
  startDate: { id: 'orders.field.startDate', defaultMessage: 'Start date' },
  endDate: { id: 'orders.field.endDate', defaultMessage: 'End date' },
  daysOut: { id: 'orders.field.daysOut', defaultMessage: 'Days out' },
  stores: { id: 'orders.field.stores', defaultMessage: 'Stores' },
  totalUnits: { id: 'orders.field.totalUnits', defaultMessage: 'Units' },
  coordinatorName: { id: 'orders.field.coordinatorName', defaultMessage: 'Name' },
  lastName: { id: 'orders.field.lastName', defaultMessage: 'Last name' },
  email: { id: 'orders.field.email', defaultMessage: 'E-mail' },
  customerId: { id: 'orders.field.customerId', defaultMessage: 'Customer id' },
  address: { id: 'orders.field.address', defaultMessage: 'Address' },
  terms: { id: 'orders.field.terms', defaultMessage: 'Terms' },
});

export function fieldLabel(intl: IntlShape, field: string, fallback?: string): string {
  const d = fields[field];
  return d ? intl.formatMessage(d) : (fallback ?? field);
}

/** A 409 userLock answer (a stale write). */
export function isUserLock(e: unknown): boolean {
  const err = e as { status?: number; details?: { errorType?: string } } | null;
  return !!err && err.status === 409 && err.details?.errorType === 'userLock';
}
