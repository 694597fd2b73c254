/**
 * Approve and Deny for a promo order's reviewer: the selected lines (or the focused one), or the
 * whole order, with an optional comment saved with the decision. The status cell stays for
 * keyboard users; these buttons send the same batch (its `status` list), and the server decides.
 */
import { useState, type RefObject } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { toast } from '@its/kit';
import { type DataGridHandle, type GridRow } from '@its/grid';
import { ProductIcon } from '@its/remote-products/api';
import { batchOrder, commentOrder, type Area, type Order } from '../api';
import { showWriteError } from '../errors';
import type { Decision } from './lines';


export interface ReviewActionsProps {
  area: Area;
  order: Order;
  grid: RefObject<DataGridHandle | null>;
  onOrder: (next: Order) => void;
}

/** The lines a decision applies to: the whole order's, or the selection (the focused line without one). */
function linesOf(h: DataGridHandle, order: Order, all: boolean): GridRow[] {
  if (all) return (order.products ?? []).map((l) => h.getConfirmedRow(l.id) ?? l);
  const selected = h.selectedRows();
  if (selected.length) return selected;
  const focused = h.focusedRow();
  return focused ? [focused] : [];
}

export function ReviewActions({ area, order, grid, onOrder }: ReviewActionsProps) {
  const intl = useIntl();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);

  const decide = async (status: Decision, all: boolean) => {
    const h = grid.current;
    if (!h || busy) return;
    setBusy(true);
    try {
      await h.flush();
      const lines = linesOf(h, order, all);
      if (!lines.length) {
        toast.warning(intl.formatMessage({ id: 'orders.review.none', defaultMessage: 'Select the lines to approve or deny first.' }), { key: 'order-review' });
        return;
      }
      const res = await batchOrder(area, order._id, { version: order.version, status: lines.map((l) => ({ id: l.id, version: Number(l.version), status })) });
      let next = res.order;
      const said = comment.trim();
      if (said) {
        // The reviewer's words follow the order's comment rather than replace it.
        next = await commentOrder(area, order._id, next.comment ? `${next.comment}\n${said}` : said, next.version);
        setComment('');
      }
      onOrder(next);
      h.clearSelection();
      await h.reload();
      toast.success(
        intl.formatMessage(
          { id: 'orders.review.done', defaultMessage: '{status, select, APPROVED {{n, plural, one {# line approved} other {# lines approved}}} other {{n, plural, one {# line denied} other {# lines denied}}}}' },
          { status, n: lines.length },
        ),
        { key: 'order-review' },
      );
    } catch (e) {
      showWriteError(intl, e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="or-review" data-testid="order-review">
      <input
        className="its-input or-review-comment"
        value={comment}
        maxLength={500}
        onChange={(e) => setComment(e.target.value)}
        placeholder={intl.formatMessage({ id: 'orders.review.comment', defaultMessage: 'Comment (optional)' })}
        aria-label={intl.formatMessage({ id: 'orders.review.comment', defaultMessage: 'Comment (optional)' })}
        data-testid="review-comment"
      />
      <button type="button" className="its-btn its-btn--secondary" disabled={busy} onClick={() => void decide('APPROVED', false)} data-testid="review-approve">
        <ProductIcon name="check" />
        <FormattedMessage id="orders.review.approve" defaultMessage="Approve selected" />
      </button>
      <button type="button" className="its-btn its-btn--secondary" disabled={busy} onClick={() => void decide('DENIED', false)} data-testid="review-deny">
        <ProductIcon name="close" />
        <FormattedMessage id="orders.review.deny" defaultMessage="Deny selected" />
      </button>
      <button type="button" className="its-btn its-btn--ghost" disabled={busy} onClick={() => void decide('APPROVED', true)} data-testid="review-approve-all">
        <FormattedMessage id="orders.review.approveAll" defaultMessage="Approve all" />
      </button>
      <button type="button" className="its-btn its-btn--ghost" disabled={busy} onClick={() => void decide('DENIED', true)} data-testid="review-deny-all">
        <FormattedMessage id="orders.review.denyAll" defaultMessage="Deny all" />
      </button>
    </div>
  );
}
