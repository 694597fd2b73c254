/**
 * An order area's list views (product spec §2.1, §2.5): the orders of the view, newest number
 * first, in the grid kit, read in blocks as the user scrolls and sorted and filtered on the
 * server (the grid protocol's list calls, docs/grid.md §3.8); the sample styles view too, a row
 * per order line. A new order, duplicate, reactivate and delete. Sample lists show the
 * SampleOrderNotification notes and let a coordinator view as another coordinator where the route
 * allows it (the user's own assignment first). The order lists are live: an order someone
 * creates, changes, moves on or deletes, on any server, shows without a reload (the type's topic
 * orders:<type>, which names only orders the user may read), read again with this view's
 * filters; the styles view, a list of lines, reads its lines again on such an event.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, Spinner, actions, authzCheck, confirm, liveTopics, toast, useCurrentUser, useDecisions, usePageTitle, type AuthzCheck } from '@its/kit';
import { DataGrid, LiveBadge, readByIds, useLiveRows, type DataGridHandle, type GridColumn, type GridRow, type LiveListener, type MenuItem } from '@its/grid';
import { ProductIcon } from '@its/remote-products/api';
import { KIND_OF, deleteOrder, fetchListSchema, listAssignments, listEndpoints, orderPath, VIEWS, type OrderRef, type OrderRouteMeta } from '../api';
import { NewOrderDialog, type DialogMode } from '../dialogs/NewOrderDialog';
import { showOrderError } from '../errors';
import { OrdersLayout } from '../OrdersLayout';
import { areaTitles, fieldLabel, msg, viewTitles } from '../messages';
import { NotificationNotes } from './NotificationNotes';
import { listExtras, orderListSchema, stylesSchema } from './columns';
import { orderRef } from './rows';
import { PromoFilterBar } from './PromoFilterBar';
import { emptyPromoFilters, promoFilters, type PromoFilterState } from './promoFilters';

const ARCHIVE_VIEWS = new Set(['archived', 'archived-orders', 'reviewed']);
const GROUP_FIELDS = ['status', 'productType', 'purpose', 'requesterName'];
/** The styles view's rows are lines: an event's order ids name none of them (the view reads its lines again instead). */
const readNoLines = async (): Promise<GridRow[]> => [];

/** The sample styles view groups its lines by these. */
const STYLE_GROUP_FIELDS = ['style', 'status', 'division', 'gender', 'requesterName'];

export function ListPage({ meta }: { meta: OrderRouteMeta }) {
  const { area, subtype: view } = meta;
  const intl = useIntl();
  const navigate = useNavigate();
  const user = useCurrentUser();
  usePageTitle(`${intl.formatMessage(viewTitles[view] ?? msg.orders)} · ${intl.formatMessage(areaTitles[area])}`);
  const grid = useRef<DataGridHandle | null>(null);
  const [dialog, setDialog] = useState<{ mode: DialogMode; from?: OrderRef } | null>(null);
  const [selected, setSelected] = useState<GridRow[]>([]);
  const kind = KIND_OF[area];
  // The promo lists' filter bar (spec §2.6): its filters run on the server with the grid's own.
  const [promoState, setPromoState] = useState<PromoFilterState>(emptyPromoFilters);
  const promoBar = area === 'promos';
  const filters = useMemo(() => (promoBar ? promoFilters(promoState) : undefined), [promoBar, promoState]);
  // Another view lists other statuses: its bar starts empty.
  useEffect(() => setPromoState(emptyPromoFilters), [view]);

  const checks = useMemo<AuthzCheck[]>(
    () => [authzCheck(actions.ordersCreate, { orderType: kind }), authzCheck(actions.ordersSampleStyles), authzCheck(actions.ordersSampleViewDrafts)],
    [kind],
  );
  const decisions = useDecisions(checks);
  const [canCreate, isCoordinator, seesDrafts] = decisions.allowed;
  const views = area === 'samples' && !isCoordinator ? VIEWS.samples.filter((v) => v !== 'sample-styles') : VIEWS[area];

  // Coordinators may view as another coordinator where the route allows it (spec §2.5, §2.6).
  const coordinatorPicker = area === 'samples' && meta.allowCoordinatorChange && isCoordinator && !seesDrafts;
  const assignments = useQuery({ queryKey: ['orders', 'assignments'], queryFn: ({ signal }) => listAssignments(signal), enabled: coordinatorPicker });
  const [pickedCoordinator, setPickedCoordinator] = useState<string | null>(null);
  const ownAssignment = assignments.data?.find((a) => a.coordinatorCode === user?.userCode)?.coordinatorCode ?? '';
  const coordinator = pickedCoordinator ?? ownAssignment;

  // The server lists a coordinator's own assignment unless another one is picked.
  const viewAs = coordinatorPicker && pickedCoordinator ? pickedCoordinator : undefined;

  // A list view is read in blocks on its grid protocol calls, under the server's schema; the
  // sample styles view (each line of the coordinator's submitted orders) too, over the lines.
  const styles = view === 'sample-styles';
  const served = useQuery({ queryKey: ['orders', 'listSchema', area, view], queryFn: ({ signal }) => fetchListSchema(area, view, signal), staleTime: 10 * 60_000 });
  const schema = useMemo(() => (served.data ? (styles ? stylesSchema(served.data) : orderListSchema(area, view, served.data)) : null), [styles, served.data, area, view]);
  const endpoints = useMemo(() => listEndpoints(area, view, viewAs), [area, view, viewAs]);
  // Others' changes to the type's orders, read again through this view's rows call with its
  // filters (an order moved to another view leaves it, one moved here arrives).
  // The styles view lists lines, not orders: an event of an order (its stream names only orders
  // the user may read, and this view lists lines of theirs) reads the lines again.
  const readLive = useMemo(() => (styles ? readNoLines : readByIds(endpoints, filters)), [styles, endpoints, filters]);
  const linesLive = useMemo<LiveListener | undefined>(() => (styles ? { onRows: () => void grid.current?.reload() } : undefined), [styles]);
  const live = useLiveRows(liveTopics.orders.orders(kind), () => grid.current, readLive, linesLive);
  const extras = useMemo(() => listExtras(area, intl), [area, intl]);
  // A list view groups by these columns, its groups counted on the server (read in blocks still).
  const groupOptions = useMemo(() => (styles ? STYLE_GROUP_FIELDS : GROUP_FIELDS).map((field) => ({ field, label: fieldLabel(intl, field) })), [styles, intl]);
  const headerName = useCallback((c: GridColumn) => fieldLabel(intl, c.field, c.headerName), [intl]);

  const duplicate = (o: OrderRef, reactivate: boolean) => setDialog({ mode: reactivate ? 'reactivate' : 'duplicate', from: o });

  const refs = (rows: GridRow[]) => rows.map(orderRef).filter((o): o is OrderRef => o !== null);

  const remove = async (orders: OrderRef[]) => {
    if (!orders.length) return;
    const ok = await confirm({
      title: intl.formatMessage({ id: 'orders.delete.title', defaultMessage: 'Delete {n, plural, one {order {number}} other {# orders}}?' }, { n: orders.length, number: orders[0]?.orderNumber }),
      message: intl.formatMessage({ id: 'orders.delete.message', defaultMessage: 'A deleted order cannot be brought back.' }),
      yesText: intl.formatMessage({ id: 'orders.delete.yes', defaultMessage: 'Delete' }),
      noText: intl.formatMessage(msg.cancel),
      tone: 'danger',
    });
    if (ok !== 'yes') return;
    const gone: string[] = [];
    for (const o of orders) {
      try {
        await deleteOrder(area, view, o._id);
        gone.push(o._id);
      } catch (e) {
        showOrderError(intl, e);
      }
    }
    if (gone.length) {
      toast.success(intl.formatMessage(msg.deleted), { key: 'order-deleted' });
      await grid.current?.removeRows(gone, { reload: true });
    }
  };

  const deletable = (o: OrderRef | null) => !!o && (o.status === 'DRAFT' || (area === 'wholesale' && o.status === 'PENDING'));
  const archive = ARCHIVE_VIEWS.has(view);

  const menuItems = (row: GridRow | null): MenuItem[] => {
    const o = orderRef(row);
    if (!o || styles) return [];
    const items: MenuItem[] = [{ id: 'open', label: intl.formatMessage({ id: 'orders.menu.open', defaultMessage: 'Open' }), icon: 'external', onSelect: () => navigate(orderPath(area, o.orderNumber)) }];
    if (canCreate) {
      items.push(
        archive && area === 'wholesale'
          ? { id: 'reactivate', label: intl.formatMessage({ id: 'orders.menu.reactivate', defaultMessage: 'Reactivate' }), icon: 'refresh', onSelect: () => duplicate(o, true) }
          : { id: 'duplicate', label: intl.formatMessage({ id: 'orders.menu.duplicate', defaultMessage: 'Duplicate' }), icon: 'copy', onSelect: () => duplicate(o, false) },
      );
    }
    if (deletable(o)) items.push({ id: 'delete', label: intl.formatMessage({ id: 'orders.delete.yes', defaultMessage: 'Delete' }), icon: 'trash', onSelect: () => void remove([o]) });
    return items;
  };

  const one = selected.length === 1 ? orderRef(selected[0]) : null;
  const emptyText = () =>
    canCreate && !archive && !styles ? (
      <div className="or-empty" data-testid="orders-empty">
        <p>{intl.formatMessage(msg.emptyCreate)}</p>
        <button type="button" className="its-btn its-btn--primary" onClick={() => setDialog({ mode: 'new' })} data-testid="empty-new-order">
          <ProductIcon name="plus" />
          <FormattedMessage id="orders.new.button" defaultMessage="New order" />
        </button>
      </div>
    ) : (
      <p data-testid="orders-empty">{intl.formatMessage(msg.empty)}</p>
    );

  return (
    <OrdersLayout
      area={area}
      view={view}
      views={views}
      actions={
        canCreate && (
          <button type="button" className="its-btn its-btn--primary" onClick={() => setDialog({ mode: 'new' })} data-testid="new-order">
            <ProductIcon name="plus" />
            <FormattedMessage id="orders.new.button" defaultMessage="New order" />
          </button>
        )
      }
    >
      {area !== 'wholesale' && <NotificationNotes type={area === 'samples' ? 'SampleOrderNotification' : 'PromoOrderNotification'} />}
      {promoBar && <PromoFilterBar key={view} view={view} value={promoState} onChange={setPromoState} />}
      <div className="or-grid">
        {!schema ? (
          served.isError ? (
            <EmptyState icon="warning" title={intl.formatMessage({ id: 'orders.list.unavailable', defaultMessage: 'The order list could not be opened.' })}>
              <button type="button" className="its-btn its-btn--secondary" onClick={() => void served.refetch()} data-testid="orders-list-retry">
                <ProductIcon name="refresh" />
                {intl.formatMessage(msg.reload)}
              </button>
            </EmptyState>
          ) : (
            <div className="or-loading">
              <Spinner size={28} />
            </div>
          )
        ) : (
          <DataGrid
            // Each list view has its columns and keeps its own layout; another coordinator viewed as
            // is another view too: read from the top.
            key={`${area}.${view}/${viewAs ?? ''}`}
            testId="order-list"
            handle={grid}
            schema={schema}
            layoutKey={`orders.${area}.${view}`}
            columnExtras={extras}
            headerName={headerName}
            menuItems={menuItems}
            onSelectionChange={setSelected}
            emptyState={emptyText}
            groupOptions={groupOptions}
            exportFileName={`${area}-${view}`}
            endpoints={endpoints}
            filters={filters}
            toolbar={
              <>
                <LiveBadge state={live} testId="rows-live" />
                {coordinatorPicker && (
                  <label className="or-inline-field">
                    <span>{fieldLabel(intl, 'coordinatorCode')}</span>
                    <select className="its-input" value={coordinator} onChange={(e) => setPickedCoordinator(e.target.value)} data-testid="view-as-coordinator">
                      {(assignments.data ?? []).map((a) => (
                        <option key={a._id} value={a.coordinatorCode}>
                          {a.name} {a.lastName} ({a.coordinatorCode})
                        </option>
                      ))}
                    </select>
                  </label>
                )}
                {!styles && canCreate && (
                  <span className="or-toolbar-group">
                    {archive && area === 'wholesale' ? (
                      <button type="button" className="its-btn its-btn--ghost" disabled={!one} onClick={() => one && duplicate(one, true)} data-testid="list-reactivate">
                        <ProductIcon name="refresh" />
                        <FormattedMessage id="orders.menu.reactivate" defaultMessage="Reactivate" />
                      </button>
                    ) : (
                      <button type="button" className="its-btn its-btn--ghost" disabled={!one} onClick={() => one && duplicate(one, false)} data-testid="list-duplicate">
                        <ProductIcon name="duplicate" />
                        <FormattedMessage id="orders.menu.duplicate" defaultMessage="Duplicate" />
                      </button>
                    )}
                    {!archive && (
                      <button
                        type="button"
                        className="its-btn its-btn--ghost or-danger"
                        disabled={selected.length === 0 || !selected.every((r) => deletable(orderRef(r)))}
                        onClick={() => void remove(refs(selected))}
                        data-testid="list-delete"
                      >
                        <ProductIcon name="trash" />
                        <FormattedMessage id="orders.delete.yes" defaultMessage="Delete" />
                      </button>
                    )}
                  </span>
                )}
              </>
            }
          />
        )}
      </div>
      {dialog && (
        <NewOrderDialog
          area={area}
          subtype={view}
          mode={dialog.mode}
          from={dialog.from}
          onClose={() => setDialog(null)}
          onCreated={(o) => {
            setDialog(null);
            navigate(orderPath(area, o.orderNumber));
          }}
        />
      )}
    </OrdersLayout>
  );
}
