/**
 * One order (product spec §2.1 order/{orderId}, §4.3): its header, its lines in the grid kit, and
 * its actions as the policy allows them for this order — submit (a promo approver passes it on),
 * mark complete, duplicate, delete. A rejected submit lists each server error on its own line
 * (ITS_FE_ERROR_ORDER_REJECTED). A wholesale order that comes without type or status reloads once
 * with rd=1, then says ITS_FE_ERROR_NEXTORWRK_ERROR with a refresh button (spec §2.6).
 */
import { Fragment, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormattedDate, FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, EmptyState, Spinner, actions, authzCheck, confirm, toast, useCurrentUser, useDecisions, usePageTitle, type AuthzCheck } from '@its/kit';
import { type DataGridHandle } from '@its/grid';
import { ProductIcon } from '@its/remote-products/api';
import { ACTIVE_VIEW, batchOrder, commentOrder, deleteOrder, getOrder, orderPath, viewPath, type Area, type Order, type OrderFields } from '../api';
import { CustomerSection } from '../customer/CustomerSection';
import { NewOrderDialog } from '../dialogs/NewOrderDialog';
import { codeMessages, showOrderError, showWriteError } from '../errors';
import { areaTitles, fieldLabel, msg } from '../messages';
import { LineGrid } from './LineGrid';
import { PasteStylesDialog } from './PasteStylesDialog';
import { ReviewActions } from './ReviewActions';
import { approvalStatusLabels, enumLabel, orderStatusLabels, productTypeLabels } from '../enums';

function Fact({ field, children }: { field: string; children: React.ReactNode }) {
  const intl = useIntl();
  if (children === '' || children === null || children === undefined) return null;
  return (
    <div className="or-fact" data-testid={`fact-${field}`}>
      <dt>{fieldLabel(intl, field)}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const day = (v: string | null | undefined) => (v ? <FormattedDate value={v} year="numeric" month="2-digit" day="2-digit" /> : null);

interface HeaderProps {
  area: Area;
  o: Order;
  facts?: Pick<Order, 'totals' | 'unavailable'>;
  onComment: (c: string) => Promise<void>;
  canComment: boolean;
  /** A wholesale order's customer, changed while the order may be edited. */
  customer?: ReactNode;
}

function Header({ area, o, facts, onComment, canComment, customer }: HeaderProps) {
  const intl = useIntl();
  const [comment, setComment] = useState(o.comment);
  useEffect(() => setComment(o.comment), [o.comment]);
  return (
    <header className="or-detail-head" data-testid="order-header">
      <nav className="or-crumbs">
        <Link to={viewPath(area, ACTIVE_VIEW[area])}>{intl.formatMessage(areaTitles[area])}</Link>
        <ProductIcon name="chevronRight" size={14} />
        <span>{o.orderNumber}</span>
      </nav>
      <div className="or-detail-head__row">
        <h1 className="or-detail-head__title" data-testid="order-title">
          <FormattedMessage id="orders.detail.title" defaultMessage="Order {n}" values={{ n: o.orderNumber }} />
        </h1>
        <span className={`or-status or-status--${o.status.toLowerCase().replace(/\s+/g, '-')}`} data-testid="order-status" data-status={o.status}>
          {enumLabel(intl, orderStatusLabels, o.status)}
        </span>
        {area === 'promos' && o.orderApprovalStatus !== o.status && <span className="or-status or-status--approval">{enumLabel(intl, approvalStatusLabels, o.orderApprovalStatus)}</span>}
      </div>
      <dl className="or-facts">
        <Fact field="requesterName">{o.requesterName}</Fact>
        {area === 'samples' && <Fact field="coordinatorCode">{o.coordinatorCode}</Fact>}
        {area === 'promos' && <Fact field="approverName">{o.approverName && `${o.approverName} (${o.approverCode})`}</Fact>}
        {area === 'promos' && <Fact field="seniorApproverName">{o.seniorApproverName && `${o.seniorApproverName} (${o.seniorApproverCode})`}</Fact>}
        {area === 'wholesale' && <Fact field="origin">{o.origin}</Fact>}
        {area === 'wholesale' && <Fact field="currency">{o.currency}</Fact>}
        {area === 'wholesale' && <Fact field="po">{o.po}</Fact>}
        <Fact field="purpose">{o.purpose}</Fact>
        <Fact field="productType">{o.productType && enumLabel(intl, productTypeLabels, o.productType)}</Fact>
        <Fact field="reason">{o.reason}</Fact>
        <Fact field="createdDate">{day(o.createdDate)}</Fact>
        <Fact field="submittedDate">{day(o.submittedDate)}</Fact>
        <Fact field="completedDate">{day(o.completedDate)}</Fact>
        <Fact field="productCount">{o.productCount}</Fact>
        {area === 'wholesale' &&
          (facts?.totals ?? []).map((t) => (
            <Fragment key={t.currency}>
              <Fact field="totalUnits">
                <FormattedNumber value={t.units} />
              </Fact>
              <Fact field="totalAmount">
                <FormattedNumber value={t.amount} style="currency" currency={t.currency} minimumFractionDigits={t.decimalPlaces} maximumFractionDigits={t.decimalPlaces} />
              </Fact>
            </Fragment>
          ))}
      </dl>
      {customer}
      {area === 'wholesale' && !!facts?.unavailable?.length && (
        <div className="or-unavailable" role="status" data-testid="order-unavailable">
          <ProductIcon name="warning" size={16} />
          <FormattedMessage
            id="orders.detail.unavailable"
            defaultMessage="{n, plural, one {This style/colour is} other {These # style/colours are}} not sold in the order's region or origin:"
            values={{ n: facts.unavailable.length }}
          />
          {facts.unavailable.map((u) => (
            <span key={`${u.style}-${u.color}`} className="or-unavailable__item" title={u.reason}>
              {u.style}-{u.color}
            </span>
          ))}
        </div>
      )}
      <label className="or-comment">
        <span className="its-field__label">{fieldLabel(intl, 'comment')}</span>
        <textarea
          className="its-input"
          rows={1}
          value={comment}
          readOnly={!canComment}
          onChange={(e) => setComment(e.target.value)}
          onBlur={() => canComment && comment !== o.comment && void onComment(comment)}
          maxLength={2000}
          data-testid="order-comment"
        />
      </label>
    </header>
  );
}

/** Reads the order; a wholesale one without type or status is read again once through rd=1. */
function useOrder(area: Area, id: string) {
  const [params, setParams] = useSearchParams();
  const reloaded = params.get('rd') === '1';
  const intl = useIntl();
  const q = useQuery({ queryKey: ['order', area, id], queryFn: ({ signal }) => getOrder(area, id, signal), retry: false });
  const broken = area === 'wholesale' && !!q.data && (!q.data.type || !q.data.status);
  const { refetch, isFetching } = q;
  // Once per page: the second read of a broken order is the last.
  const tried = useRef(false);
  useEffect(() => {
    if (!broken) return;
    if (!reloaded) {
      if (tried.current) return;
      tried.current = true;
      setParams({ rd: '1' }, { replace: true });
      void refetch();
      return;
    }
    if (isFetching) return;
    toast.error(intl.formatMessage(codeMessages.ITS_FE_ERROR_NEXTORWRK_ERROR), {
      persistent: true,
      key: 'order-nextorwrk',
      action: { label: intl.formatMessage(msg.reload), onClick: () => window.location.reload() },
    });
  }, [broken, reloaded, isFetching, setParams, refetch, intl]);
  return { q, broken, gaveUp: broken && reloaded && !isFetching };
}

export function DetailPage({ area, id }: { area: Area; id: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const user = useCurrentUser();
  const { q, broken, gaveUp } = useOrder(area, id);
  const [current, setCurrent] = useState<Order | null>(null);
  const o = current && q.data && current._id === q.data._id && current.version >= q.data.version ? current : (q.data ?? null);
  usePageTitle(o ? intl.formatMessage({ id: 'orders.detail.title', defaultMessage: 'Order {n}' }, { n: o.orderNumber }) : undefined);
  const grid = useRef<DataGridHandle | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<null | 'paste' | 'duplicate'>(null);

  const checks = useMemo<AuthzCheck[]>(() => {
    if (!o) return [];
    const res = { orderType: o.type, status: o.status };
    const people = { ...res, requesterCode: o.requesterCode, approverCode: o.approverCode, seniorApproverCode: o.seniorApproverCode };
    return [
      authzCheck(actions.ordersEdit, res),
      authzCheck(actions.ordersSubmit, people),
      authzCheck(actions.ordersComplete, res),
      authzCheck(actions.ordersDelete, res),
      authzCheck(actions.ordersCreate, { orderType: o.type }),
      authzCheck(actions.ordersPromoSetStatus, { status: 'PENDING', newStatus: 'APPROVED' }),
    ];
  }, [o]);
  const decisions = useDecisions(checks, !!o);
  const [canEdit, canSubmit, canComplete, canDelete, canCreate, canSetStatus] = decisions.allowed;

  if (q.isLoading || (broken && !gaveUp)) {
    return (
      <div className="or-loading">
        <Spinner size={28} />
      </div>
    );
  }
  if (!o || broken) {
    const notFound = q.error instanceof ApiError && q.error.status === 404;
    return (
      <div className="or-page" data-testid="order-unavailable-page">
        <EmptyState icon="warning" title={intl.formatMessage(notFound ? codeMessages.ITS_ERR_NOT_FOUND : codeMessages.ITS_FE_ERROR_NEXTORWRK_ERROR)}>
          <div className="or-empty-actions">
            {!notFound && (
              <button type="button" className="its-btn its-btn--secondary" onClick={() => window.location.reload()}>
                <ProductIcon name="refresh" />
                {intl.formatMessage(msg.reload)}
              </button>
            )}
            <Link to={viewPath(area, ACTIVE_VIEW[area])}>{intl.formatMessage(areaTitles[area])}</Link>
          </div>
        </EmptyState>
      </div>
    );
  }

  const accept = (next: Order) => {
    setCurrent(next);
    qc.setQueryData<Order>(['order', area, id], (old) => (old ? { ...old, ...next, products: old.products } : next));
    // A wholesale order's totals and unavailable lines come with its detail: read it again.
    if (area === 'wholesale') void qc.invalidateQueries({ queryKey: ['order', area, id] });
  };

  const step = async (kind: 'submit' | 'markCompleted') => {
    setBusy(true);
    try {
      await grid.current?.flush();
      const latest = current ?? o;
      const res = await batchOrder(area, o._id, { version: latest.version, [kind]: true });
      accept(res.order);
      toast.success(intl.formatMessage(kind === 'submit' ? msg.submitted : msg.completed, { n: o.orderNumber }), { key: 'order-step' });
      // A submitted wholesale order sends the user to the active list (spec §2.1).
      if (kind === 'submit' && area === 'wholesale') navigate(viewPath('wholesale', 'active'));
      else void grid.current?.reload();
    } catch (e) {
      showWriteError(intl, e, kind === 'submit' ? 'ITS_FE_ERROR_ORDER_REJECTED' : 'ITS_FE_ERROR_ORDER_FAILED', `order-${kind}`);
    } finally {
      setBusy(false);
    }
  };

  const saveFields = async (fields: OrderFields): Promise<boolean> => {
    try {
      await grid.current?.flush();
      const res = await batchOrder(area, o._id, { version: (current ?? o).version, fields });
      accept(res.order);
      return true;
    } catch (e) {
      showWriteError(intl, e);
      return false;
    }
  };

  const saveComment = async (comment: string) => {
    try {
      accept(await commentOrder(area, o._id, comment, (current ?? o).version));
    } catch (e) {
      showWriteError(intl, e);
    }
  };

  const remove = async () => {
    const ok = await confirm({
      title: intl.formatMessage({ id: 'orders.delete.title', defaultMessage: 'Delete {n, plural, one {order {number}} other {# orders}}?' }, { n: 1, number: o.orderNumber }),
      message: intl.formatMessage({ id: 'orders.delete.message', defaultMessage: 'A deleted order cannot be brought back.' }),
      yesText: intl.formatMessage({ id: 'orders.delete.yes', defaultMessage: 'Delete' }),
      noText: intl.formatMessage(msg.cancel),
      tone: 'danger',
    });
    if (ok !== 'yes') return;
    try {
      await deleteOrder(area, 'order', o._id);
      toast.success(intl.formatMessage(msg.deleted), { key: 'order-deleted' });
      navigate(viewPath(area, ACTIVE_VIEW[area]));
    } catch (e) {
      showOrderError(intl, e);
    }
  };

  const reviewing = area === 'promos' && (o.status === 'REQUIRES APPROVER' || o.status === 'REQUIRES SENIOR');
  const own = o.requesterCode === user?.userCode;

  return (
    <div className="or-detail" data-testid="order-detail" data-status={o.status} data-order={o.orderNumber}>
      <Header
        area={area}
        o={o}
        facts={q.data ?? undefined}
        onComment={saveComment}
        canComment={!!canEdit}
        customer={area === 'wholesale' && <CustomerSection order={o} canEdit={!!canEdit} onSave={saveFields} />}
      />
      <div className="or-actions">
        {canSubmit && (
          <button type="button" className="its-btn its-btn--primary" disabled={busy} onClick={() => void step('submit')} data-testid="order-submit">
            {busy ? <Spinner size={14} /> : <ProductIcon name="check" />}
            {reviewing ? <FormattedMessage id="orders.action.submitReview" defaultMessage="Submit review" /> : <FormattedMessage id="orders.action.submit" defaultMessage="Submit order" />}
          </button>
        )}
        {canComplete && (
          <button type="button" className="its-btn its-btn--primary" disabled={busy} onClick={() => void step('markCompleted')} data-testid="order-complete">
            <ProductIcon name="checkCircle" />
            <FormattedMessage id="orders.action.markComplete" defaultMessage="Mark complete" />
          </button>
        )}
        {canCreate && (
          <button type="button" className="its-btn its-btn--secondary" onClick={() => setDialog('duplicate')} data-testid="order-duplicate">
            <ProductIcon name="duplicate" />
            <FormattedMessage id="orders.menu.duplicate" defaultMessage="Duplicate" />
          </button>
        )}
        {canDelete && own && (
          <button type="button" className="its-btn its-btn--ghost or-danger" onClick={() => void remove()} data-testid="order-delete">
            <ProductIcon name="trash" />
            <FormattedMessage id="orders.delete.yes" defaultMessage="Delete" />
          </button>
        )}
        {!canEdit && !decisions.loading && (
          <span className="or-readonly" data-testid="order-read-only">
            <ProductIcon name="lock" size={16} />
            <FormattedMessage id="orders.detail.readOnly" defaultMessage="This order cannot be changed in its current status." />
          </span>
        )}
      </div>
      {reviewing && !!canSetStatus && !!canEdit && <ReviewActions area={area} order={current ?? o} grid={grid} onOrder={accept} />}
      <div className="or-grid">
        <LineGrid
          key={`${o._id}:${canEdit ? 'edit' : 'view'}`}
          area={area}
          order={q.data ?? o}
          canEdit={!!canEdit}
          canSetStatus={!!canSetStatus && !!canEdit}
          onOrder={accept}
          onLoad={(next) => {
            setCurrent(next);
            qc.setQueryData<Order>(['order', area, id], next);
          }}
          onPaste={() => setDialog('paste')}
          handle={(h) => (grid.current = h)}
        />
      </div>
      {dialog === 'paste' && (
        <PasteStylesDialog
          area={area}
          order={current ?? o}
          onClose={() => setDialog(null)}
          onAdded={(next, close) => {
            if (close) setDialog(null);
            accept(next);
            void grid.current?.reload();
          }}
        />
      )}
      {dialog === 'duplicate' && (
        <NewOrderDialog
          area={area}
          subtype={ACTIVE_VIEW[area]}
          mode="duplicate"
          from={o}
          onClose={() => setDialog(null)}
          onCreated={(n) => {
            setDialog(null);
            navigate(orderPath(area, n.orderNumber));
          }}
        />
      )}
    </div>
  );
}
