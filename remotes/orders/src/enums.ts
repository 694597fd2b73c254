/**
 * The orders enumerations users see (modules/orders/module.yaml enums), worded per locale: the
 * i18n check fails when a value of a status enumeration, or of one worded here, has no message.
 */
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';

/** The order statuses, by value. */
export const orderStatusLabels: Record<string, MessageDescriptor> = defineMessages({
  DRAFT: { id: 'orders.enum.orderStatuses.DRAFT', defaultMessage: 'DRAFT' },
  PENDING: { id: 'orders.enum.orderStatuses.PENDING', defaultMessage: 'PENDING' },
  SUBMITTED: { id: 'orders.enum.orderStatuses.SUBMITTED', defaultMessage: 'SUBMITTED' },
  'IN PROGRESS': { id: 'orders.enum.orderStatuses.IN PROGRESS', defaultMessage: 'IN PROGRESS' },
  'UNAPPROVED ORDER': { id: 'orders.enum.orderStatuses.UNAPPROVED ORDER', defaultMessage: 'UNAPPROVED ORDER' },
  CANCELED: { id: 'orders.enum.orderStatuses.CANCELED', defaultMessage: 'CANCELED' },
  COMPLETED: { id: 'orders.enum.orderStatuses.COMPLETED', defaultMessage: 'COMPLETED' },
  ARCHIVED: { id: 'orders.enum.orderStatuses.ARCHIVED', defaultMessage: 'ARCHIVED' },
  INACTIVE: { id: 'orders.enum.orderStatuses.INACTIVE', defaultMessage: 'INACTIVE' },
  'REQUIRES APPROVER': { id: 'orders.enum.orderStatuses.REQUIRES APPROVER', defaultMessage: 'REQUIRES APPROVER' },
  'REQUIRES SENIOR': { id: 'orders.enum.orderStatuses.REQUIRES SENIOR', defaultMessage: 'REQUIRES SENIOR' },
  'REVIEW COMPLETE': { id: 'orders.enum.orderStatuses.REVIEW COMPLETE', defaultMessage: 'REVIEW COMPLETE' },
  PROCESSED: { id: 'orders.enum.orderStatuses.PROCESSED', defaultMessage: 'PROCESSED' },
  FINALIZED: { id: 'orders.enum.orderStatuses.FINALIZED', defaultMessage: 'FINALIZED' },
});

/** The steps of a promo order's review, by value. */
export const approvalStatusLabels: Record<string, MessageDescriptor> = defineMessages({
  PENDING: { id: 'orders.enum.approvalStatuses.PENDING', defaultMessage: 'PENDING' },
  'REQUIRES APPROVER': { id: 'orders.enum.approvalStatuses.REQUIRES APPROVER', defaultMessage: 'REQUIRES APPROVER' },
  'REQUIRES SENIOR': { id: 'orders.enum.approvalStatuses.REQUIRES SENIOR', defaultMessage: 'REQUIRES SENIOR' },
  'REVIEW COMPLETE': { id: 'orders.enum.approvalStatuses.REVIEW COMPLETE', defaultMessage: 'REVIEW COMPLETE' },
  PROCESSED: { id: 'orders.enum.approvalStatuses.PROCESSED', defaultMessage: 'PROCESSED' },
  FINALIZED: { id: 'orders.enum.approvalStatuses.FINALIZED', defaultMessage: 'FINALIZED' },
});

/** The line statuses, by value. */
export const lineStatusLabels: Record<string, MessageDescriptor> = defineMessages({
  DRAFT: { id: 'orders.enum.lineStatuses.DRAFT', defaultMessage: 'DRAFT' },
  PENDING: { id: 'orders.enum.lineStatuses.PENDING', defaultMessage: 'PENDING' },
  APPROVED: { id: 'orders.enum.lineStatuses.APPROVED', defaultMessage: 'APPROVED' },
  DENIED: { id: 'orders.enum.lineStatuses.DENIED', defaultMessage: 'DENIED' },
});

/** The product types of an order, by value. */
export const productTypeLabels: Record<string, MessageDescriptor> = defineMessages({
  All: { id: 'orders.enum.productTypes.All', defaultMessage: 'All' },
  Footwear: { id: 'orders.enum.productTypes.Footwear', defaultMessage: 'Footwear' },
  Apparel: { id: 'orders.enum.productTypes.Apparel', defaultMessage: 'Apparel' },
  POP: { id: 'orders.enum.productTypes.POP', defaultMessage: 'POP' },
});

/** A value as the user reads it in their language (a value no message words is shown as it is). */
export function enumLabel(intl: IntlShape, labels: Record<string, MessageDescriptor>, value: string): string {
  const m = Object.hasOwn(labels, value) ? labels[value] : undefined;
  return m ? intl.formatMessage(m) : value;
}

/** A grid column's value formatter showing its values in the user's language. */
export const enumFormatter =
  (intl: IntlShape, labels: Record<string, MessageDescriptor>) =>
  (p: { value?: unknown }): string =>
    typeof p.value === 'string' ? enumLabel(intl, labels, p.value) : '';
