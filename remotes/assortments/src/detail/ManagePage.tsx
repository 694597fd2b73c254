/**
 * assortment-manager--assortment--manage: one assortment. The header (title, customer, method,
 * channel, region, season and year, labels, star), the edit lock, the alerts, and its products:
 * a static assortment's grid and product search, or a dynamic one's filters and the products
 * they find. Read-only without assortments.edit on its channel, while another user holds the
 * lock, or while it is archived.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, EmptyState, Spinner, actions, authzCheck, toast, useDecisions, usePageTitle, type AuthzCheck } from '@its/kit';
import { useRowHistory, type DataGridHandle, type GridRow } from '@its/grid';
import { ProductIcon, filterDiff, fromQuery, type FilterState, type Product } from '@its/remote-products/api';
import { FilterBar, useProductPanel } from '../products';
import {
  BASE_PATH,
  archiveAssortments,
  batchAssortment,
  crmSync,
  crmSyncKey,
  editCheck,
  fetchSchema,
  getAssortment,
  internalListPath,
  internalPath,
  patchAssortment,
  viewPath,
  type Assortment,
  type Label,
  type OrgBase,
  type PatchBody,
} from '../api';
import { LabelChips } from '../list/columns';
import { CopyDialog } from '../dialogs/CopyDialog';
import { LabelsDialog } from '../dialogs/LabelsDialog';
import { errorText, fieldLabel, isUserLock, msg } from '../messages';
import { DETAIL_GROUP_FIELDS, DetailGrid } from './DetailGrid';
import { useAlertText } from '../alerts';
import { SearchTab } from './SearchTab';
import { CrmSyncStatus } from './CrmSyncStatus';
import { useEditLock, type LockState } from './useEditLock';
import { InternalControls } from '../internal/InternalControls';
import { hiddenFields } from '../internal/gate';
import { imsg } from '../internal/messages';
import { MergeDialog } from '../merge/MergeDialog';
import { takesMerge } from '../merge/merge';
import { AssortmentImages } from './AssortmentImages';

/** The react-query key of an assortment of org (the regular pages' key kept as it was). */
export const assortmentKey = (org: OrgBase, id: string) => (org === 'assortments' ? ['assortment', id] : [org, 'assortment', id]);

type Tab = 'products' | 'search';

/** The part of a saved query that decides the rows (a change reloads them). */
const queryKey = (a: Assortment) => JSON.stringify(a.query ? { t: a.query.text ?? '', c: a.query.conditions ?? {}, s: a.query.sort ?? {} } : null);

/** The detail grid's reloadKey: what decides its rows (the lock's state, a dynamic one's query); a change reads them again. */
const rowsKey = (lockStatus: string, a: Assortment) => `${lockStatus}|${a.method === 'dynamic' ? queryKey(a) : ''}`;

function ReadOnlyBanner({ reason, lock, channel, onRetry, onUnarchive }: { reason: 'policy' | 'locked' | 'archived' | 'lockFailed'; lock: LockState; channel: string; onRetry: () => void; onUnarchive: () => void }) {
  const by = lock.status === 'locked' ? lock.by : null;
  return (
    <div className={`am-banner am-banner--${reason === 'policy' ? 'info' : 'warning'}`} role="status" data-testid="read-only-banner" data-reason={reason}>
      <ProductIcon name={reason === 'archived' ? 'archive' : 'lock'} size={18} />
      <span className="am-banner__text">
        {reason === 'policy' ? (
          <FormattedMessage id="assortments.readOnly.policy" defaultMessage="You can view this assortment. Changing it needs edit rights on the {channel} channel." values={{ channel }} />
        ) : reason === 'locked' ? (
          <FormattedMessage
            id="assortments.readOnly.locked"
            defaultMessage="{name} is editing this assortment, so it opens read-only. Try again when they are done."
            values={{ name: <strong data-testid="lock-holder">{by?.fullName ?? '—'}</strong> }}
          />
        ) : reason === 'lockFailed' ? (
          <FormattedMessage id="assortments.readOnly.lockFailed" defaultMessage="The assortment could not be opened for editing." />
        ) : (
          <FormattedMessage id="assortments.readOnly.archived" defaultMessage="This assortment is archived. Unarchive it to change it." />
        )}
      </span>
      {(reason === 'locked' || reason === 'lockFailed') && (
        <button type="button" className="its-btn its-btn--secondary" onClick={onRetry} data-testid="lock-retry">
          <FormattedMessage id="assortments.readOnly.retry" defaultMessage="Try again" />
        </button>
      )}
      {reason === 'archived' && (
        <button type="button" className="its-btn its-btn--secondary" onClick={onUnarchive} data-testid="banner-unarchive">
          <FormattedMessage id="assortments.menu.unarchive" defaultMessage="Unarchive" />
        </button>
      )}
    </div>
  );
}

function AlertsBar({ a, canEdit, onClear }: { a: Assortment; canEdit: boolean; onClear: () => void }) {
  const text = useAlertText();
  const list = a.alerts ?? [];
  if (!a.alertCount && list.length === 0) return null;
  const first = list.slice(0, 3);
  return (
    <div className="am-banner am-banner--alert" role="status" data-testid="alerts-bar" data-count={a.alertCount}>
      <ProductIcon name="alert" size={18} />
      <span className="am-banner__text">
        <strong>
          <FormattedMessage id="assortments.alerts.count" defaultMessage="{n, plural, one {# alert} other {# alerts}}" values={{ n: a.alertCount || list.length }} />
        </strong>
        {first.length > 0 && (
          <span className="am-banner__list">
            {first.map((x) => (
              <span key={`${x.style}_${x.color}_${x.type}`}>
                {x.style} {x.color}: {text(x)}
              </span>
            ))}
            {list.length > first.length && <span>…</span>}
          </span>
        )}
      </span>
      {canEdit && (
        <button type="button" className="its-btn its-btn--secondary" onClick={onClear} data-testid="alerts-clear">
          <FormattedMessage id="assortments.alerts.clear" defaultMessage="Clear alerts" />
        </button>
      )}
    </div>
  );
}

function Header({
  a,
  canWrite,
  onPatch,
  onLabels,
  onCopy,
  onArchive,
  onCrmSync,
  onMerge,
  lock,
  editable,
  org,
  mayExport,
}: {
  org: OrgBase;
  a: Assortment;
  canWrite: boolean;
  /** The user may open the assortment's documents (line sheets, price and tear sheets). */
  mayExport: boolean;
  onPatch: (body: PatchBody) => Promise<unknown>;
  onLabels: () => void;
  onCopy: () => void;
  onArchive: () => void;
  onCrmSync: () => Promise<void>;
  onMerge: () => void;
  lock: LockState;
  /** The rows can be changed now (lock held, not archived). */
  editable: boolean;
}) {
  const intl = useIntl();
  const [editing, setEditing] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const [title, setTitle] = useState(a.title);
  useEffect(() => setTitle(a.title), [a.title]);
  const saveTitle = async () => {
    setEditing(false);
    const t = title.trim();
    if (!t || t === a.title) return setTitle(a.title);
    await onPatch({ title: t });
  };
  const meta = [a.channel, a.region, [a.season, a.year].filter(Boolean).join(' '), a.productType, a.gender, a.locationId].filter((x) => x && x !== 'All');
  const internal = org === 'internalAssortments';
  const [search] = useSearchParams();
  // The pages of this assortment, carrying the internal screens' query (season, year, …).
  const page = (tab: 'sort' | 'showroom' | 'export') =>
    internal ? internalPath(a._id, tab, search.toString()) : `/product/assortments/assortment/${encodeURIComponent(a._id)}/${tab}`;
  return (
    <header className="am-detail-head" data-testid="assortment-header">
      <nav className="am-crumbs">
        {internal ? <Link to={internalListPath(a.channel)}>{intl.formatMessage(imsg.channelTitle, { channel: a.channel })}</Link> : <Link to={viewPath('all')}>{intl.formatMessage(msg.manager)}</Link>}
        <ProductIcon name="chevronRight" size={14} />
        <span>{a.title}</span>
      </nav>
      <div className="am-detail-head__main">
        <div className="am-detail-head__text">
          <div className="am-detail-head__titleRow">
            {!internal && (
            <button
              type="button"
              className={`am-star am-star--big${a.starred ? ' is-on' : ''}`}
              disabled={!canWrite}
              onClick={() => void onPatch({ starred: !a.starred })}
              aria-pressed={a.starred}
              aria-label={intl.formatMessage(a.starred ? { id: 'assortments.star.remove', defaultMessage: 'Remove star' } : { id: 'assortments.star.add', defaultMessage: 'Add star' })}
              data-testid="header-star"
            >
              <ProductIcon name="star" size={22} filled={a.starred} />
            </button>
            )}
            {editing ? (
              <input
                className="its-input am-title-input"
                value={title}
                autoFocus
                maxLength={120}
                onChange={(e) => setTitle(e.target.value)}
                onBlur={() => void saveTitle()}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') void saveTitle();
                  if (e.key === 'Escape') {
                    setTitle(a.title);
                    setEditing(false);
                  }
                }}
                data-testid="title-input"
              />
            ) : (
              <h1 className="am-detail-head__title" data-testid="assortment-title">
                {a.title}
              </h1>
            )}
            {canWrite && !editing && (
              <button type="button" className="its-icon-btn am-edit-title" onClick={() => setEditing(true)} aria-label={intl.formatMessage({ id: 'assortments.header.rename', defaultMessage: 'Rename' })} data-testid="title-edit">
                <ProductIcon name="edit" size={17} />
              </button>
            )}
            <span className={`am-badge am-badge--${a.method}`} data-testid="assortment-method">
              {intl.formatMessage(a.method === 'dynamic' ? msg.dynamic : msg.static)}
            </span>
            {a.state === 'archived' && (
              <span className="am-badge am-badge--archived">
                <FormattedMessage id="assortments.view.archived" defaultMessage="Archived" />
              </span>
            )}
          </div>
          <p className="am-detail-head__meta" data-testid="assortment-meta">
            {a.subTitle && <strong className="am-detail-head__customer">{a.subTitle}</strong>}
            {meta.map((m) => (
              <span key={m} className="am-meta">
                {m}
              </span>
            ))}
            {a.method === 'static' && (
              <span className="am-meta am-meta--count">
                <FormattedMessage id="assortments.header.count" defaultMessage="{n, plural, one {# product} other {# products}}" values={{ n: a.productCount }} />
              </span>
            )}
            {a.lastSyncDate && (
              <span className="am-meta" data-testid="last-sync">
                <FormattedMessage
                  id="assortments.header.lastSync"
                  defaultMessage="CRM sync {date}"
                  values={{ date: intl.formatDate(a.lastSyncDate, { dateStyle: 'medium', timeStyle: 'short' }) }}
                />
              </span>
            )}
          </p>
          {!internal && a.type === 'item' && <CrmSyncStatus id={a._id} />}
          {internal && <InternalControls a={a} />}
          {!internal && (
          <div className="am-detail-head__labels">
            <LabelChips labels={a.labels ?? []} max={8} />
            {canWrite && (
              <button type="button" className="its-btn--link am-labels-edit" onClick={onLabels} data-testid="labels-edit">
                <ProductIcon name="label" size={15} />
                {a.labels?.length ? <FormattedMessage id="assortments.labels.edit" defaultMessage="Edit labels" /> : <FormattedMessage id="assortments.labels.add" defaultMessage="Add label" />}
              </button>
            )}
          </div>
          )}
        </div>
        <div className="am-detail-head__actions">
          <span className={`am-lock am-lock--${editable ? 'mine' : lock.status}`} data-testid="lock-state" data-status={lock.status}>
            <ProductIcon name={editable ? 'edit' : 'lock'} size={15} />
            {editable ? (
              <FormattedMessage id="assortments.lock.mine" defaultMessage="Editing" />
            ) : lock.status === 'pending' ? (
              <FormattedMessage id="assortments.lock.pending" defaultMessage="Opening…" />
            ) : (
              <FormattedMessage id="assortments.lock.readOnly" defaultMessage="Read-only" />
            )}
          </span>
          {a.method === 'static' && (
            <Link className="its-btn its-btn--secondary" to={page('sort')} data-testid="header-sort">
              <ProductIcon name="list" />
              <FormattedMessage id="assortments.sort.tab" defaultMessage="Sort & group" />
            </Link>
          )}
          <Link className="its-btn its-btn--secondary" to={page('showroom')} data-testid="header-showroom">
            <ProductIcon name="presentation" />
            <FormattedMessage id="assortments.showroom.open" defaultMessage="Showroom" />
          </Link>
          {(internal || mayExport) && (
            <Link className="its-btn its-btn--secondary" to={page('export')} data-testid="header-export">
              <ProductIcon name="download" />
              {intl.formatMessage(imsg.export)}
            </Link>
          )}
          {editable && takesMerge(a) && (
            <button type="button" className="its-btn its-btn--secondary" onClick={onMerge} data-testid="header-merge">
              <ProductIcon name="transfer" />
              {intl.formatMessage(msg.mergeFrom)}
            </button>
          )}
          {canWrite && !internal && (
            <>
              {a.method !== 'dynamic' && (
                <Link className="its-btn its-btn--secondary" to={`/product/assortments/assortment/${encodeURIComponent(a._id)}/import`} data-testid="header-import">
                  <ProductIcon name="excel" />
                  <FormattedMessage id="assortments.import.button" defaultMessage="Add Styles by Excel" />
                </Link>
              )}
              <button type="button" className="its-btn its-btn--secondary" onClick={onCopy} data-testid="header-copy">
                <ProductIcon name="duplicate" />
                <FormattedMessage id="assortments.copy.button" defaultMessage="Copy" />
              </button>
              {a.type === 'item' && (
                <button
                  type="button"
                  className="its-btn its-btn--secondary"
                  disabled={syncing}
                  onClick={() => {
                    setSyncing(true);
                    void onCrmSync().finally(() => setSyncing(false));
                  }}
                  data-testid="header-crm-sync"
                >
                  {syncing ? <Spinner size={14} /> : <ProductIcon name="refresh" />}
                  <FormattedMessage id="assortments.crmSync.button" defaultMessage="CRM sync" />
                </button>
              )}
              <button type="button" className="its-btn its-btn--secondary" onClick={onArchive} data-testid="header-archive">
                <ProductIcon name={a.state === 'archived' ? 'unarchive' : 'archive'} />
                {a.state === 'archived' ? <FormattedMessage id="assortments.menu.unarchive" defaultMessage="Unarchive" /> : <FormattedMessage id="assortments.menu.archive" defaultMessage="Archive" />}
              </button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

function Manage({ a, schema, org }: { a: Assortment; schema: NonNullable<ReturnType<typeof useSchema>['data']>; org: OrgBase }) {
  const intl = useIntl();
  const internal = org === 'internalAssortments';
  usePageTitle(`${a.title} · ${intl.formatMessage(internal ? imsg.title : msg.manager)}`);
  const key = useMemo(() => assortmentKey(org, a._id), [org, a._id]);
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tab: Tab = a.method === 'static' && params.get('tab') === 'search' ? 'search' : 'products';
  const checks = useMemo<AuthzCheck[]>(() => [editCheck(org, a), authzCheck(actions.documentsView)], [org, a.channel, a.region, a.productType]); // eslint-disable-line react-hooks/exhaustive-deps
  const decisions = useDecisions(checks);
  const mayEdit = decisions.allowed[0] === true;
  const mayExport = decisions.allowed[1] === true;
  const lock = useEditLock(a._id, mayEdit, org);
  const archived = a.state === 'archived';
  const canWrite = mayEdit && lock.state.status !== 'locked' && lock.state.status !== 'pending';
  const canEdit = mayEdit && lock.mine && !archived;
  const [focused, setFocused] = useState<GridRow | null>(null);
  const detail = useProductPanel(
    focused ? `${String(focused.style)}_${String(focused.color)}` : '',
    (focused ?? undefined) as Partial<Product> | undefined,
    intl.formatMessage({ id: 'assortments.rows.details', defaultMessage: 'Product details' }),
  );
  const [dialog, setDialog] = useState<null | 'labels' | 'copy' | 'merge'>(null);
  const grid = useRef<DataGridHandle | null>(null);
  const current = useRef(a);
  current.current = a;

  const update = useCallback(
    (next: Assortment) => {
      const before = qc.getQueryData<Assortment>(key);
      qc.setQueryData<Assortment>(key, (old) => (old ? { ...old, ...next, alerts: next.alerts ?? old.alerts, lock: old.lock } : next));
      if (before && before.alertCount !== next.alertCount) void qc.invalidateQueries({ queryKey: key });
    },
    [qc, key],
  );

  const userLockToast = useCallback(
    () =>
      toast.error(intl.formatMessage(msg.userLock), {
        key: 'assortment-user-lock',
        timeout: 5000,
        action: { label: intl.formatMessage(msg.reload), onClick: () => window.location.reload() },
      }),
    [intl],
  );

  // The cell history of the rows (internal assortments have none): "Revert to this value" is an
  // ordinary batch update of the cell at the row's confirmed version (a row changed since is the
  // usual userLock), labelled revert for the history.
  const history = useRowHistory({
    url: internal ? null : (rowId) => `/assortments/${encodeURIComponent(a._id)}/rows/${encodeURIComponent(rowId)}/history`,
    grid: () => grid.current,
    canEdit,
    fieldLabel: (f) => fieldLabel(intl, f),
    rowLabel: (r) => `${String(r.style ?? '')} ${String(r.color ?? '')}`.trim(),
    beforeOpen: () => {
      if (detail.open) detail.toggle();
    },
    revert: async (row, field, value) => {
      const res = await batchAssortment(a._id, { updateProducts: [{ id: row.id, version: Number(row.version), changes: { [field]: value } }], via: 'revert' }, org);
      grid.current?.acceptRows(res.rows);
      if (res.assortment) update(res.assortment);
    },
    onRevertError: (err) => {
      if (isUserLock(err)) userLockToast();
      else toast.error(intl.formatMessage(msg.failed, { message: errorText(err) }));
    },
  });

  // Patches go one after another: each carries the version the previous one answered, so two
  // quick changes (a double click on a sort header) are not refused as a stale write.
  const patchChain = useRef<Promise<unknown>>(Promise.resolve());
  const patch = useCallback(
    (body: PatchBody): Promise<Assortment | null> => {
      const run = async (): Promise<Assortment | null> => {
        try {
          const next = await patchAssortment(a._id, { ...body, version: current.current.version }, org);
          current.current = { ...current.current, ...next };
          update(next);
          return next;
        } catch (e) {
          if (isUserLock(e)) userLockToast();
          else toast.error(intl.formatMessage(msg.failed, { message: errorText(e) }));
          return null;
        }
      };
      const result = patchChain.current.then(run, run);
      patchChain.current = result;
      return result;
    },
    [a._id, update, userLockToast, intl, org],
  );

  const onFilter = async (next: FilterState) => {
    const { added, removed } = filterDiff(fromQuery(current.current.query), next);
    const query = { text: next.text, conditions: next.conditions as Record<string, string[]> };
    const saved = await patch({ query });
    if (!saved) return;
    const parts = [added && intl.formatMessage(msg.filterAdded, { n: added }), removed && intl.formatMessage(msg.filterRemoved, { n: removed })].filter(Boolean);
    if (parts.length) toast.success(parts.join('. '), { key: 'filter-changed', timeout: 2000 });
  };

  const onSort = async (sort: Array<{ field: string; dir: 'asc' | 'desc' }>) => {
    if (a.method !== 'dynamic' || !canEdit || sort.length === 0) return;
    await patch({ gridSort: sort });
  };

  const clearAlerts = async (rows?: GridRow[]) => {
    try {
      const res = await batchAssortment(a._id, { clearAlerts: rows ? { products: rows.map((r) => ({ style: String(r.style), color: String(r.color) })) } : { all: true } }, org);
      update(res.assortment);
      toast.success(intl.formatMessage(msg.alertsCleared, { n: res.alertsCleared }), { key: 'alerts-cleared' });
      void qc.invalidateQueries({ queryKey: key });
      void grid.current?.reload();
    } catch (e) {
      if (isUserLock(e)) userLockToast();
      else toast.error(intl.formatMessage(msg.failed, { message: errorText(e) }));
    }
  };

  const archive = async () => {
    try {
      const res = await archiveAssortments([a._id], !archived);
      toast.success(intl.formatMessage(archived ? msg.unarchived : msg.archived, { n: (archived ? res.unarchived : res.archived) ?? 1 }));
      void qc.invalidateQueries({ queryKey: key });
    } catch (e) {
      if (isUserLock(e)) userLockToast();
      else toast.error(intl.formatMessage(msg.failed, { message: errorText(e) }));
    }
  };

  const syncCrm = async () => {
    try {
      const res = await crmSync(a._id);
      qc.setQueryData<Assortment>(key, (old) => (old ? { ...old, lastSyncDate: res.lastSyncDate } : old));
      void qc.invalidateQueries({ queryKey: crmSyncKey(a._id) });
      toast.success(intl.formatMessage(msg.crmSynced), { key: 'crm-synced' });
    } catch (e) {
      toast.error(intl.formatMessage(msg.failed, { message: errorText(e) }));
    }
  };

  const reason: 'policy' | 'locked' | 'archived' | 'lockFailed' | null = decisions.loading
    ? null
    : !mayEdit
      ? 'policy'
      : lock.state.status === 'locked'
        ? 'locked'
        : lock.state.status === 'failed'
          ? 'lockFailed'
          : archived
            ? 'archived'
            : null;

  // The saved choice (the sort page's too): shown when the grid's rows carry the field.
  // Internal assortments are grouped by pillar until their editor picks another (spec §3.2).
  const saved = (a.uiSettings?.groupSettings as { groupBy?: string } | undefined)?.groupBy ?? (internal ? 'pillar' : '');
  const groupBy = DETAIL_GROUP_FIELDS.includes(saved) ? saved : null;
  const onGroupBy = useCallback(
    (field: string | null) => {
      if (!canEdit) return;
      const ui = current.current.uiSettings ?? {};
      const groupSettings = { ...((ui.groupSettings as Record<string, unknown> | undefined) ?? {}), groupBy: field ?? 'none' };
      void patch({ uiSettings: { ...ui, groupSettings } });
    },
    [canEdit, patch],
  );

  const reloadKey = rowsKey(lock.state.status, a);
  // Someone else changed the assortment (a live reload): it is read again, and when its filters
  // changed, the new reloadKey reads the rows (once); otherwise the grid reads them itself.
  const onStale = useCallback(async () => {
    const before = rowsKey(lock.state.status, current.current);
    await qc.invalidateQueries({ queryKey: key });
    const fresh = qc.getQueryData<Assortment>(key);
    return fresh !== undefined && rowsKey(lock.state.status, fresh) !== before;
  }, [qc, key, lock.state.status]);
  const setTab = (t: Tab) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (t === 'search') out.set('tab', 'search');
        else out.delete('tab');
        return out;
      },
      { replace: true },
    );

  return (
    <div className="am-detail" data-testid="assortment-detail" data-id={a._id} data-can-edit={canEdit || undefined}>
      <Header org={org} a={a} canWrite={canWrite} mayExport={mayExport} editable={canEdit} lock={lock.state} onPatch={patch} onLabels={() => setDialog('labels')} onCopy={() => setDialog('copy')} onArchive={() => void archive()} onCrmSync={syncCrm} onMerge={() => setDialog('merge')} />
      {!internal && a.type === 'item' && <AssortmentImages a={a} canEdit={canEdit} onPatch={patch} />}
      {reason && <ReadOnlyBanner reason={reason} lock={lock.state} channel={a.channel} onRetry={() => void lock.retry()} onUnarchive={() => void archive()} />}
      <AlertsBar a={a} canEdit={canEdit} onClear={() => void clearAlerts()} />
      <div className="am-detail__bar">
        {a.method === 'static' ? (
          <div className="am-tabs am-tabs--page" role="tablist">
            <button type="button" role="tab" aria-selected={tab === 'products'} className={`am-tab${tab === 'products' ? ' is-active' : ''}`} onClick={() => setTab('products')} data-testid="tab-products">
              <FormattedMessage id="assortments.tab.products" defaultMessage="Products ({n, number})" values={{ n: a.productCount }} />
            </button>
            <button type="button" role="tab" aria-selected={tab === 'search'} className={`am-tab${tab === 'search' ? ' is-active' : ''}`} onClick={() => setTab('search')} data-testid="tab-search">
              <FormattedMessage id="assortments.tab.search" defaultMessage="Search products" />
            </button>
          </div>
        ) : (
          <p className="am-detail__hint">
            <ProductIcon name="dynamic" size={16} />
            <FormattedMessage id="assortments.dynamic.hint" defaultMessage="The products of a dynamic assortment come from its filters. Change a filter to change the assortment." />
          </p>
        )}
        <button type="button" className={`its-btn its-btn--ghost${detail.open ? ' is-on' : ''}`} onClick={detail.toggle} disabled={!focused} aria-pressed={detail.open} data-testid="details-toggle">
          <ProductIcon name="panel" />
          <FormattedMessage id="assortments.details" defaultMessage="Details" />
        </button>
      </div>
      {a.method === 'dynamic' && <FilterBar value={fromQuery(a.query)} onChange={(n) => void onFilter(n)} disabled={!canEdit} testId="dynamic-filters" />}
      <div className="am-grid" hidden={tab !== 'products'}>
        <DetailGrid
          assortment={a}
          serverSchema={schema}
          canEdit={canEdit}
          reloadKey={reloadKey}
          onAssortment={update}
          onStale={onStale}
          onFocusRow={(r) => r && setFocused(r)}
          onShowDetails={(r) => {
            setFocused(r);
            detail.show();
          }}
          historyItems={internal ? undefined : history.menuItems}
          onClearAlerts={(rows) => void clearAlerts(rows)}
          onSort={(s) => void onSort(s)}
          groupBy={groupBy}
          onGroupBy={onGroupBy}
          org={org}
          hidden={internal ? hiddenFields(a.locationId) : undefined}
          handle={(h) => {
            grid.current = h;
          }}
        />
      </div>
      {tab === 'search' && (
        <SearchTab
          org={org}
          assortment={a}
          canEdit={canEdit}
          onFocusRow={(r) => r && setFocused(r)}
          onAdded={() => {
            void qc.invalidateQueries({ queryKey: key });
            void grid.current?.reload();
          }}
        />
      )}
      {dialog === 'labels' && (
        <LabelsDialog
          labels={a.labels ?? []}
          onClose={() => setDialog(null)}
          onSave={async (labels: Label[]) => {
            if (await patch({ labels })) {
              setDialog(null);
              void grid.current?.reload();
            }
          }}
        />
      )}
      {dialog === 'merge' && (
        <MergeDialog
          org={org}
          target={a}
          onClose={() => setDialog(null)}
          onMerged={() => {
            setDialog(null);
            // The assortment, its rows and every list that counts its products.
            void qc.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && /^(assortment|assortments|internalAssortments)$/.test(q.queryKey[0]) });
            void grid.current?.reload();
          }}
        />
      )}
      {dialog === 'copy' && <CopyDialog entries={[{ _id: a._id, title: a.title, type: a.type }]} onClose={() => setDialog(null)} onDone={() => setDialog(null)} />}
    </div>
  );
}

function useSchema() {
  return useQuery({ queryKey: ['assortments', 'schema'], queryFn: ({ signal }) => fetchSchema(signal), staleTime: 30 * 60_000 });
}

/** An assortment's manage page: a regular one (assortment/{id}/manage) or an internal one (internal/{id}/manage, org internalAssortments). */
export function ManagePage({ id, org = 'assortments' }: { id: string; org?: OrgBase }) {
  const a = useQuery({ queryKey: assortmentKey(org, id), queryFn: ({ signal }) => getAssortment(id, signal, org), retry: (n, e) => !(e instanceof ApiError && e.status < 500) && n < 2 });
  const schema = useSchema();
  if (a.isPending || schema.isPending) {
    return (
      <div className="am-loading" data-testid="assortment-loading">
        <Spinner size={28} />
      </div>
    );
  }
  if (a.isError || schema.isError || !a.data || !schema.data) {
    const missing = a.error instanceof ApiError && a.error.status === 404;
    return (
      <div className="am-loading" data-testid="assortment-missing">
        <EmptyState
          icon="warning"
          title={
            missing ? (
              <FormattedMessage id="assortments.missing" defaultMessage="This assortment does not exist, or it is not yours." />
            ) : (
              <FormattedMessage id="assortments.loadError" defaultMessage="The assortment could not be opened." />
            )
          }
        >
          <Link className="its-btn its-btn--secondary" to={org === 'internalAssortments' ? internalListPath('Wholesale') : BASE_PATH}>
            <FormattedMessage id="assortments.backToList" defaultMessage="Back to the assortments" />
          </Link>
        </EmptyState>
      </div>
    );
  }
  return <Manage a={a.data} schema={schema.data} org={org} />;
}
