/**
 * The orders enumerations users see (modules/orders/module.yaml enums), worded per locale: the
 * i18n check fails when a value of a status enumeration, or of one worded here, has no message.
 */
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';

/** The order statuses, by value. */
export const orderStatusLabels: Record<string, MessageDescriptor> = defineMessages({
  DRAFT: { id: 'orders.enum.orderStatuss.DRAFT', defaultMessage: 'DRAFT' },
  PENDING: { id: 'orders.enum.orderStatuss.PENDING', defaultMessage: 'PENDING' },
  SUBMITTED: { id: 'orders.enum.orderStatuss.SUBMITTED', defaultMessage: 'SUBMITTED' },
  'IN PROGRESS': { id: 'orders.enum.orderStatuss.IN PROGRESS', defaultMessage: 'IN PROGRESS' },
  'UNAPPROVED ORDER': { id: 'orders.enum.orderStatuss.UNAPPROVED ORDER', defaultMessage: 'UNAPPROVED ORDER' },
  CANCELED: { id: 'orders.enum.orderStatuss.CANCELED', defaultMessage: 'CANCELED' },
  COMPLETED: { id: 'orders.enum.orderStatuss.COMPLETED', defaultMessage: 'COMPLETED' },
  ARCHIVED: { id: 'orders.enum.orderStatuss.ARCHIVED', defaultMessage: 'ARCHIVED' },
  INACTIVE: { id: 'orders.enum.orderStatuss.INACTIVE', defaultMessage: 'INACTIVE' },
  'REQUIRES APPROVER': { id: 'orders.enum.orderStatuss.REQUIRES APPROVER', defaultMessage: 'REQUIRES APPROVER' },
  'REQUIRES SENIOR': { id: 'orders.enum.orderStatuss.REQUIRES SENIOR', defaultMessage: 'REQUIRES SENIOR' },
  'REVIEW COMPLETE': { id: 'orders.enum.orderStatuss.REVIEW COMPLETE', defaultMessage: 'REVIEW COMPLETE' },
  PROCESSED: { id: 'orders.enum.orderStatuss.PROCESSED', defaultMessage: 'PROCESSED' },
  FINALIZED: { id: 'orders.enum.orderStatuss.FINALIZED', defaultMessage: 'FINALIZED' },
});

/** The steps of a promo order's review, by value. */
export const approvalStatusLabels: Record<string, MessageDescriptor> = defineMessages({
  PENDING: { id: 'orders.enum.approvalStatuss.PENDING', defaultMessage: 'PENDING' },
  'REQUIRES APPROVER': { id: 'orders.enum.approvalStatuss.REQUIRES APPROVER', defaultMessage: 'REQUIRES APPROVER' },
  'REQUIRES SENIOR': { id: 'orders.enum.approvalStatuss.REQUIRES SENIOR', defaultMessage: 'REQUIRES SENIOR' },
  'REVIEW COMPLETE': { id: 'orders.enum.approvalStatuss.REVIEW COMPLETE', defaultMessage: 'REVIEW COMPLETE' },
  PROCESSED: { id: 'orders.enum.approvalStatuss.PROCESSED', defaultMessage: 'PROCESSED' },
  FINALIZED: { id: 'orders.enum.approvalStatuss.FINALIZED', defaultMessage: 'FINALIZED' },
});

/** The line statuses, by value. */
export const lineStatusLabels: Record<string, MessageDescriptor> = defineMessages({
  DRAFT: { id: 'orders.enum.lineStatuss.DRAFT', defaultMessage: 'DRAFT' },
  PENDING: { id: 'orders.enum.lineStatuss.PENDING', defaultMessage: 'PENDING' },
  APPROVED: { id: 'orders.enum.lineStatuss.APPROVED', defaultMessage: 'APPROVED' },
  DENIED: { id: 'orders.enum.lineStatuss.DENIED', defaultMessage: 'DENIED' },
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
