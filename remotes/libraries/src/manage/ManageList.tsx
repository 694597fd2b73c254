/**
 * A manage page (editors): the library's items of one status in an editable grid. Edits are
 * saved in batches; moving items to another status asks 'Are You Sure?' first; publishing is
 * refused by the server while a required field is empty, and the page says which.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, defineMessages, useIntl, type IntlShape } from 'react-intl';
import { useSearchParams } from 'react-router';
import { ApiError, Dialog, Icon, confirm, toast, usePageTitle } from '@its/kit';
import { batchAssets, fetchReport, listAssets } from '../api/assets';
import type { Asset, AssetField, AssetStatus, LibraryType } from '../api/types';
import { AssetDetailView } from '../browse/AssetDetail';
import { useFacets } from '../browse/hooks';
import { EDIT_FIELDS, REQUIRED_FIELDS, STATUS_ORDER, fieldTitles, libraryTitles, missingLabel, statusTitles } from '../libraries';
import { downloads, useUploadFinished } from '../transfer/queues';
import { EditBatcher, type SaveState } from './editBatcher';
import { ManageGrid, type ManageGridHandle } from './ManageGrid';
import { ManageHeader, useManagedType } from './common';

export const MANAGE_LIMIT = 500;

export const manageKey = (lt: LibraryType, status: AssetStatus, q: string) => ['libraries', 'manage', lt, status, q] as const;

interface PublishProblem {
  id: string;
  name: string;
  fields: string[];
}

/** Reads the server's publish refusal: "… cannot be published: missing a, b" with details[0].field "a,b". */
export function publishProblem(e: unknown, rows: Asset[], ids: string[]): PublishProblem | null {
  if (!(e instanceof ApiError) || e.status !== 400) return null;
  const d = Array.isArray(e.details) ? (e.details as { field?: string; rule?: string }[]).find((x) => x.rule === 'publish') : undefined;
  if (!d?.field) return null;
  const fields = d.field.split(',').map((s) => s.trim()).filter(Boolean);
  const quoted = /^"(.*)" cannot be published/.exec(e.message)?.[1] ?? '';
  const row = rows.find((r) => ids.includes(r._id) && (r.name === quoted || r._id === quoted)) ?? rows.find((r) => ids.includes(r._id));
  return { id: row?._id ?? '', name: quoted || row?.name || '', fields };
}

const statusAction = defineMessages<AssetStatus>({
  Published: { id: 'libraries.manage.move.Published', defaultMessage: 'Publish' },
  Unpublished: { id: 'libraries.manage.move.Unpublished', defaultMessage: 'Unpublish' },
  Pending: { id: 'libraries.manage.move.Pending', defaultMessage: 'Back to pending' },
  Deleted: { id: 'libraries.manage.move.Deleted', defaultMessage: 'Delete' },
});

function SaveIndicator({ state }: { state: SaveState }) {
  if (state === 'idle') return null;
  return (
    <span className={`lib-saving lib-saving--${state}`} data-testid="save-state" role="status">
      {state === 'error' ? <Icon name="error" size={14} /> : state === 'saved' ? <Icon name="checkCircle" size={14} /> : <span className="lib-saving__dot" />}
      {state === 'pending' || state === 'saving' ? (
        <FormattedMessage id="libraries.manage.saving" defaultMessage="Saving..." />
      ) : state === 'saved' ? (
        <FormattedMessage id="libraries.manage.saved" defaultMessage="All changes saved." />
      ) : (
        <FormattedMessage id="libraries.manage.saveError" defaultMessage="An error has occurred while saving" />
      )}
    </span>
  );
}

function errorMessage(intl: IntlShape, e: unknown): string {
  if (e instanceof ApiError) return e.message;
  return intl.formatMessage({ id: 'libraries.manage.unknownError', defaultMessage: 'Unknown error' });
}

export function ManageList() {
  const intl = useIntl();
  const client = useQueryClient();
  const { route, libraryType } = useManagedType();
  const status: AssetStatus = route.status ?? 'Pending';
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const grid = useRef<ManageGridHandle>(null);
  const [selected, setSelected] = useState<Asset[]>([]);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [problem, setProblem] = useState<PublishProblem | null>(null);
  const [preview, setPreview] = useState<Asset | null>(null);
  const [moving, setMoving] = useState(false);
  const problemToast = useRef<number | null>(null);
  // The refusal's toast goes once the problem is solved (or dismissed).
  useEffect(() => {
    if (problem && problem.fields.length > 0) return;
    if (problemToast.current !== null) toast.dismiss(problemToast.current);
    problemToast.current = null;
    if (problem) setProblem(null);
  }, [problem]);
  useEffect(
    () => () => {
      if (problemToast.current !== null) toast.dismiss(problemToast.current);
    },
    [],
  );

  const title = intl.formatMessage(libraryTitles[libraryType]);
  usePageTitle(`${title} · ${intl.formatMessage(statusTitles[status])}`);

  const list = useQuery({
    queryKey: manageKey(libraryType, status, q),
    queryFn: ({ signal }) => listAssets({ libraryType, status, q, limit: MANAGE_LIMIT }, { signal }),
    staleTime: 10_000,
    // A new search keeps the rows on screen until its answer is in.
    placeholderData: (prev) => prev,
  });
  // The grid edits its own copies; the cache keeps the server's answer.
  const rows = useMemo(() => (list.data?.data ?? []).map((a) => ({ ...a })), [list.data]);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  const { facets } = useFacets(libraryType, EDIT_FIELDS[libraryType]);
  const suggestions = useMemo(() => {
    const out: Partial<Record<AssetField, string[]>> = {};
    for (const f of EDIT_FIELDS[libraryType]) {
      if (f === 'name') continue;
      const values = new Set((facets[f] ?? []).map((v) => v.value));
      for (const r of rows) if (r[f]) values.add(String(r[f]));
      out[f] = [...values].sort();
    }
    return out;
  }, [facets, rows, libraryType]);

  useEffect(() => setText(q), [q]);
  useEffect(() => {
    if (text.trim() === q) return;
    const t = setTimeout(() => setParams((p) => {
      const next = new URLSearchParams(p);
      if (text.trim()) next.set('q', text.trim());
      else next.delete('q');
      return next;
    }, { replace: true }), 300);
    return () => clearTimeout(t);
  }, [text, q, setParams]);

  const invalidateCounts = useCallback(() => {
    void client.invalidateQueries({ queryKey: ['libraries', 'manage', libraryType] });
    void client.invalidateQueries({ queryKey: ['libraries', 'assets', libraryType] });
    void client.invalidateQueries({ queryKey: ['libraries', 'facets', libraryType] });
  }, [client, libraryType]);

  // New uploads land in Pending.
  useUploadFinished(
    useCallback(
      (e) => {
        if (e.state === 'completed' && e.target.libraryType === libraryType) invalidateCounts();
      },
      [libraryType, invalidateCounts],
    ),
  );

  const batcher = useMemo(
    () =>
      new EditBatcher<Asset[]>({
        send: (call) => batchAssets(libraryType, { _ids: call.ids, set: call.set }),
        onSaved: (assets) => {
          grid.current?.update(assets.map((a) => ({ ...a })));
          setProblem((p) => (p && assets.some((a) => a._id === p.id) ? null : p));
          void client.invalidateQueries({ queryKey: ['libraries', 'assets', libraryType] });
        },
        onFailed: (e, edits) => {
          for (const ed of edits) grid.current?.restore(ed.id, { [ed.field]: ed.oldValue });
          toast.error(errorMessage(intl, e), { title: intl.formatMessage({ id: 'libraries.manage.saveError', defaultMessage: 'An error has occurred while saving' }) });
        },
        onState: setSaveState,
      }),
    [libraryType, client, intl],
  );
  useEffect(() => () => void batcher.flush().finally(() => batcher.dispose()), [batcher]);

  const required = REQUIRED_FIELDS[libraryType];
  const onEdit = (row: Asset, field: AssetField, value: string | null, oldValue: string | null) => {
    // Required fields can never be emptied; other fields only on the Pending page.
    if (!value && (required.includes(field) || status !== 'Pending')) {
      grid.current?.restore(row._id, { [field]: oldValue });
      toast.warning(
        required.includes(field)
          ? intl.formatMessage({ id: 'libraries.manage.notClearable', defaultMessage: '{field} is needed to publish and cannot be cleared.' }, { field: intl.formatMessage(fieldTitles[field]) })
          : intl.formatMessage({ id: 'libraries.manage.clearPendingOnly', defaultMessage: '{field} can only be cleared on the Pending page.' }, { field: intl.formatMessage(fieldTitles[field]) }),
        { key: 'not-clearable' },
      );
      return;
    }
    batcher.add({ id: row._id, field, value, oldValue });
    setProblem((p) => (p && p.id === row._id ? { ...p, fields: p.fields.filter((f) => f !== field) } : p));
  };

  const asking = useRef(false);
  const move = async (items: Asset[], to: AssetStatus) => {
    // One status change at a time (a cell editor may report its value twice).
    if (items.length === 0 || to === status || asking.current) return;
    asking.current = true;
    try {
      await moveNow(items, to);
    } finally {
      asking.current = false;
    }
  };
  const moveNow = async (items: Asset[], to: AssetStatus) => {
    const ok = await confirm({
      title: intl.formatMessage({ id: 'libraries.manage.confirm.title', defaultMessage: 'Are You Sure?' }),
      message: intl.formatMessage({ id: 'libraries.manage.confirm.message', defaultMessage: 'Changing the status will impact visibility to end users.' }),
      yesText: intl.formatMessage(statusAction[to]),
      noText: intl.formatMessage({ id: 'libraries.manage.confirm.no', defaultMessage: 'Cancel' }),
      tone: to === 'Deleted' ? 'danger' : 'default',
    });
    if (ok !== 'yes') return;
    setMoving(true);
    try {
      // Edits still waiting are saved first: a name typed a moment ago counts for publishing.
      await batcher.flush();
      const ids = items.map((a) => a._id);
      await batchAssets(libraryType, { _ids: ids, status: to });
      grid.current?.removeRows(ids);
      grid.current?.api()?.deselectAll();
      setProblem(null);
      toast.success(
        intl.formatMessage(
          { id: 'libraries.manage.moved', defaultMessage: '{count, plural, one {# item} other {# items}} moved to {status}' },
          { count: ids.length, status: intl.formatMessage(statusTitles[to]) },
        ),
        { key: 'moved' },
      );
      invalidateCounts();
    } catch (e) {
      const p = publishProblem(e, rowsRef.current, items.map((a) => a._id));
      if (p) {
        setProblem(p);
        const node = grid.current?.api()?.getRowNode(p.id);
        if (node) grid.current?.api()?.ensureNodeVisible(node);
        problemToast.current = toast.error(
          intl.formatMessage(
            { id: 'libraries.manage.publishRefused', defaultMessage: '“{name}” cannot be published: {fields} missing.' },
            { name: p.name, fields: p.fields.map((f) => missingLabel(f, intl.formatMessage)).join(', ') },
          ),
          { persistent: true, key: 'publish-refused', title: intl.formatMessage({ id: 'libraries.manage.publishRefusedTitle', defaultMessage: 'Not published' }) },
        );
      } else toast.error(errorMessage(intl, e), { key: 'move-failed' });
    } finally {
      setMoving(false);
    }
  };

  const report = () => {
    const name = intl.formatMessage(
      { id: 'libraries.manage.reportTitle', defaultMessage: '{library} report ({status})' },
      { library: title, status: intl.formatMessage(statusTitles[status]) },
    );
    downloads.add(name, { kind: 'direct', run: (signal) => fetchReport(libraryType, { status }, signal) });
  };

  const targets = STATUS_ORDER.filter((s) => s !== status);
  const total = list.data?.totalCount ?? 0;
  const missing = useMemo(() => (problem ? { [problem.id]: problem.fields } : {}), [problem]);

  return (
    <div className="lib-page lib-page--wide" data-testid="library-manage" data-status={status} data-library-type={libraryType}>
      <ManageHeader
        title={title}
        lead={intl.formatMessage({ id: 'libraries.manage.lead', defaultMessage: 'Edit the details in the grid; changes save by themselves. Fields marked * are needed to publish.' })}
        actions={
          <button type="button" className="its-btn its-btn--secondary" onClick={report} data-testid="manage-report">
            <Icon name="download" size={16} />
            <FormattedMessage id="libraries.manage.report" defaultMessage="Excel report" />
          </button>
        }
      />
      {problem && (
        <div className="lib-alert lib-alert--danger" role="alert" data-testid="publish-error">
          <Icon name="warning" size={18} />
          <span>
            <FormattedMessage
              id="libraries.manage.publishRefused"
              defaultMessage="“{name}” cannot be published: {fields} missing."
              values={{ name: problem.name, fields: problem.fields.map((f) => missingLabel(f, intl.formatMessage)).join(', ') }}
            />{' '}
            <FormattedMessage id="libraries.manage.publishRefusedHint" defaultMessage="Fill in the cells marked in red, then publish again." />
          </span>
          <button type="button" className="its-icon-btn" onClick={() => setProblem(null)} aria-label={intl.formatMessage({ id: 'libraries.panel.close', defaultMessage: 'Close' })}>
            <Icon name="close" size={16} />
          </button>
        </div>
      )}
      <div className="lib-toolbar lib-toolbar--manage">
        <label className="lib-search lib-search--compact">
          <Icon name="search" size={16} />
          <input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={intl.formatMessage({ id: 'libraries.filter.search', defaultMessage: 'Search by name' })}
            aria-label={intl.formatMessage({ id: 'libraries.filter.search', defaultMessage: 'Search by name' })}
            data-testid="manage-search"
          />
        </label>
        <p className="lib-toolbar__count" data-testid="manage-count">
          {list.data && (
            total > MANAGE_LIMIT ? (
              <FormattedMessage id="libraries.manage.countLimited" defaultMessage="Showing the newest {shown} of {total}. Search to narrow down." values={{ shown: MANAGE_LIMIT, total }} />
            ) : (
              <FormattedMessage id="libraries.manage.count" defaultMessage="{count, plural, one {# item} other {# items}}" values={{ count: total }} />
            )
          )}
        </p>
        <SaveIndicator state={saveState} />
        <div className={`lib-bulk${selected.length ? ' is-on' : ''}`} data-testid="bulk-actions" aria-hidden={selected.length === 0}>
          <span className="lib-bulk__count">
            <FormattedMessage id="libraries.manage.selected" defaultMessage="{count, plural, one {# row selected} other {# rows selected}}" values={{ count: selected.length }} />
          </span>
          {targets.map((s) => (
            <button
              key={s}
              type="button"
              className={`its-btn lib-btn-sm ${s === 'Published' ? 'its-btn--primary' : s === 'Deleted' ? 'its-btn--danger' : 'its-btn--secondary'}`}
              disabled={selected.length === 0 || moving}
              onClick={() => void move(selected, s)}
              data-testid={`move-${s}`}
              tabIndex={selected.length === 0 ? -1 : undefined}
            >
              {intl.formatMessage(statusAction[s])}
            </button>
          ))}
        </div>
      </div>
      {list.isError ? (
        <div className="lib-alert lib-alert--danger" role="alert">
          <Icon name="warning" size={18} />
          <span>{errorMessage(intl, list.error)}</span>
          <button type="button" className="its-btn its-btn--secondary lib-btn-sm" onClick={() => void list.refetch()}>
            <FormattedMessage id="libraries.retry" defaultMessage="Try again" />
          </button>
        </div>
      ) : (
        <ManageGrid
          ref={grid}
          libraryType={libraryType}
          status={status}
          rows={rows}
          suggestions={suggestions}
          missing={missing}
          onEdit={onEdit}
          onStatus={(row, to) => void move([row], to)}
          onSelection={setSelected}
          onOpen={setPreview}
          loading={list.isPending}
        />
      )}
      {preview && (
        <Dialog open title={intl.formatMessage({ id: 'libraries.detail.title', defaultMessage: 'Asset details' })} onClose={() => setPreview(null)} width={1040} className="lib-detail-dialog">
          <AssetDetailView asset={preview} />
        </Dialog>
      )}
    </div>
  );
}
