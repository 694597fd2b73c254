/**
 * The message-code translator of order errors (platform spec §8): a failed order call becomes a
 * persistent error toast whose lines are each a translated message code, 'style/color: message'
 * or the server's plain message. A rejected submit is titled ITS_FE_ERROR_ORDER_REJECTED.
 */
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { ApiError, isCancelled, toast } from '@its/kit';
import { isUserLock, msg } from './messages';

/** Front-end codes of order failures, and the server codes the translator words. */
export const codeMessages = defineMessages({
  ITS_FE_ERROR_ORDER_REJECTED: { id: 'orders.error.ITS_FE_ERROR_ORDER_REJECTED', defaultMessage: 'Order Rejected' },
  ITS_FE_ERROR_NEXTORWRK_ERROR: { id: 'orders.error.ITS_FE_ERROR_NEXTORWRK_ERROR', defaultMessage: 'The order could not be loaded. Refresh the page to try again.' },
  ITS_FE_ERROR_ORDER_FAILED: { id: 'orders.error.ITS_FE_ERROR_ORDER_FAILED', defaultMessage: 'Order Error' },
  ITS_ERR_FORBIDDEN: { id: 'orders.error.ITS_ERR_FORBIDDEN', defaultMessage: 'You are not allowed to do this with this order.' },
  ITS_ERR_NOT_FOUND: { id: 'orders.error.ITS_ERR_NOT_FOUND', defaultMessage: 'The order was not found.' },
  ITS_ERR_EMPTY_REQUEST: { id: 'orders.error.ITS_ERR_EMPTY_REQUEST', defaultMessage: 'Error. Your request was empty. Nothing has been submitted. Please try again.' },
  ITS_ERR_COUNT_MISMATCH: { id: 'orders.error.ITS_ERR_COUNT_MISMATCH', defaultMessage: "Error: Request count doesn't match response count." },
});

/**
 * The refusals the orders module's server words by message id (module.yaml messages): their
 * catalog entries, translated in every locale.
 */
export const serverMessages = defineMessages({
  noPrice: { id: 'orders.error.noPrice', defaultMessage: 'Line {line} ({style} {color}) has no price; the order cannot be submitted' },
  price: { id: 'orders.error.price', defaultMessage: "The unit price is the catalogue's ({price}); give a discount instead" },
  discountAmount: { id: 'orders.error.discountAmount', defaultMessage: 'The discount amount must be between 0 and the unit price ({price})' },
  sizeRange: { id: 'orders.error.sizeRange', defaultMessage: 'Size {size} is not in the size range {range} of style {style}' },
  sizeUnits: { id: 'orders.error.sizeUnits', defaultMessage: 'Size {size}: at most {max} units' },
  lineUnits: { id: 'orders.error.lineUnits', defaultMessage: 'A line holds at most {max} units' },
  selfApprover: { id: 'orders.error.selfApprover', defaultMessage: "The requester cannot be the order's approver or senior approver" },
  ownReview: { id: 'orders.error.ownReview', defaultMessage: 'You cannot review an order you requested' },
  account: { id: 'orders.error.account', defaultMessage: "Account {account} is not an account of the order's customer" },
  quantityRequired: { id: 'orders.error.quantityRequired', defaultMessage: 'Quantity cannot be cleared' },
  lineStatus: { id: 'orders.error.lineStatus', defaultMessage: 'Style {style} {color} is not sold wholesale at {origin}: its line status is {status}, not A' },
});

/** One detail of a refusal as the server words it (docs/api.md envelopes; core/grid cell errors). */
interface Detail {
  messageCode?: string;
  message?: string;
  style?: string;
  color?: string;
  field?: string;
  index?: number;
}

/** A line's words: its code when the translator knows it, else 'style/color: message', else the message. */
export function detailLine(d: Detail, translate: (code: string) => string | null): string {
  const code = d.messageCode ? translate(d.messageCode) : null;
  if (code) return code;
  const message = d.message ?? '';
  if (d.style) return `${d.style}${d.color ? `/${d.color}` : ''}: ${message}`;
  return message;
}

/** The lines of a failed order call: each detail on its own line, or the failure's own words. */
export function errorLines(e: unknown, translate: (code: string) => string | null): string[] {
  if (e instanceof ApiError) {
    const details = Array.isArray(e.details) ? (e.details as Detail[]) : [];
    const lines = details.map((d) => detailLine(d, translate)).filter(Boolean);
    if (lines.length) return lines;
    return [translate(e.messageCode) ?? e.message];
  }
  return [e instanceof Error ? e.message : String(e)];
}

/** The translator over a catalog: a known code's text, or null. */
export const translator =
  (intl: IntlShape) =>
  (code: string): string | null => {
    const d = (codeMessages as Record<string, MessageDescriptor | undefined>)[code];
    return d ? intl.formatMessage(d) : null;
  };

/** Shows an order failure as a persistent error toast (nothing for a cancelled call). */
export function showOrderError(intl: IntlShape, e: unknown, titleCode = 'ITS_FE_ERROR_ORDER_FAILED', key?: string): void {
  if (isCancelled(e)) return;
  const t = translator(intl);
  const lines = errorLines(e, t);
  toast.show({
    type: 'error',
    persistent: true,
    key,
    title: t(titleCode) ?? titleCode,
    message: <ToastLines lines={lines} testId="order-error-lines" code={titleCode} />,
  });
}

/** A toast's message of several lines, each on its own line (errors, warnings, products left out). */
export function ToastLines({ lines, testId, code }: { lines: string[]; testId: string; code?: string }) {
  return (
    <span className="or-error-lines" data-testid={testId} data-code={code}>
      {lines.map((l, i) => (
        <span key={i} className="or-error-line">
          {l}
        </span>
      ))}
    </span>
  );
}

/** A failed order write: a stale one (userLock) offers to reload the page for 5 s, any other is shown by showOrderError. */
export function showWriteError(intl: IntlShape, e: unknown, titleCode = 'ITS_FE_ERROR_ORDER_FAILED', key?: string): void {
  if (!isUserLock(e)) return showOrderError(intl, e, titleCode, key);
  toast.error(intl.formatMessage(msg.userLock), { key: 'order-user-lock', timeout: 5000, action: { label: intl.formatMessage(msg.reload), onClick: () => window.location.reload() } });
}
