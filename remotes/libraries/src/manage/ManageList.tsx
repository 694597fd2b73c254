/**
 * A manage page (editors): the library's items of one status in the grid kit (range selection,
 * copy/paste, undo/redo, fill, saving state), on the module's grid protocol. Moving items to
 * another status — in the status cell, by paste, or with the bulk buttons — asks 'Are You Sure?'
 * first while the cells keep their old values; publishing is refused by the server while a
 * required field is empty, and the page says which and marks the cells. Each asset carries a
 * comment thread (the context menu's Comments and the Comments column the user may add).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type Ref } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { ApiError, Dialog, EmptyState, Icon, SearchInput, Spinner, api, confirm, liveTopics, toast, usePageTitle } from '@its/kit';
import { COMMENTS_FIELD, DataGrid, LiveBadge, commentsColumn, protocolSource, useRowComments, readByIds, useLiveRows, schemaSort, type BatchRequest, type BatchResult, type DataGridHandle, type Filters, type GridColumn, type GridRow, type GridSource, type ProposedChange } from '@its/grid';
import { fetchLibrarySchema, filterOptions, gridEndpoints, reportJob, signedAssets } from '../api/assets';
import type { Asset, AssetStatus, LibrarySchema, LibraryType } from '../api/types';
import { AssetDetailView } from '../browse/AssetDetail';
import { filterOptionsKey, landingKey } from '../browse/hooks';
import { FILTER_FIELDS, STATUS_ORDER, libraryTitles, missingLabel, statusTitles } from '../libraries';
import { downloads, useUploadFinished } from '../transfer/queues';
import { fieldTitle, headerOf, manageColumnExtras } from './columns';
import { ManageHeader, useManagedType } from './common';
import { publishProblem, statusMoves, statusTargets, withoutPublish, type PublishProblem } from './status';

/** The library update debounce (spec §9); paste, undo and redo go at once. */
export const UPDATE_DEBOUNCE_MS = 1500;
/** The delete debounce (spec §9). */
export const DELETE_DEBOUNCE_MS = 200;

const statusAction = defineMessages<AssetStatus>({
  Published: { id: 'libraries.manage.move.Published', defaultMessage: 'Publish' },
  Unpublished: { id: 'libraries.manage.move.Unpublished', defaultMessage: 'Unpublish' },
  Pending: { id: 'libraries.manage.move.Pending', defaultMessage: 'Back to pending' },
  Deleted: { id: 'libraries.manage.move.Deleted', defaultMessage: 'Delete' },
});

/** The spec's status confirmation; answers whether to go on. */
async function confirmStatus(intl: ReturnType<typeof useIntl>, targets: AssetStatus[]): Promise<boolean> {
  const only = targets.length === 1 ? targets[0]! : null;
  const answer = await confirm({
    title: intl.formatMessage({ id: 'libraries.manage.confirm.title', defaultMessage: 'Are You Sure?' }),
    message: intl.formatMessage({ id: 'libraries.manage.confirm.message', defaultMessage: 'Changing the status will impact visibility to end users.' }),
    yesText: only ? intl.formatMessage(statusAction[only]) : intl.formatMessage({ id: 'libraries.manage.confirm.yes', defaultMessage: 'Change status' }),
    noText: intl.formatMessage({ id: 'libraries.manage.confirm.no', defaultMessage: 'Cancel' }),
    tone: only === 'Deleted' ? 'danger' : 'default',
  });
  return answer === 'yes';
}

interface GridViewProps {
  libraryType: LibraryType;
  status: AssetStatus;
  schema: LibrarySchema;
  q: string;
  handle?: Ref<DataGridHandle>;
}

function ManageGridView({ libraryType, status, schema, q, handle }: GridViewProps) {
  const intl = useIntl();
  const client = useQueryClient();
  const grid = useRef<DataGridHandle | null>(null);
  const gridRef = useCallback(
    (h: DataGridHandle | null) => {
      grid.current = h;
      if (typeof handle === 'function') handle(h);
      else if (handle) (handle as { current: DataGridHandle | null }).current = h;
    },
    [handle],
  );
  const [problem, setProblem] = useState<PublishProblem | null>(null);
  const problemRef = useRef(problem);
  problemRef.current = problem;
  const problemToast = useRef<number | null>(null);
  const [preview, setPreview] = useState<Asset | null>(null);
  const [selected, setSelected] = useState<GridRow[]>([]);
  const endpoints = useMemo(() => gridEndpoints(libraryType), [libraryType]);
  const filters = useMemo<Filters>(() => (q ? { status, name: { contains: q } } : { status }), [status, q]);
  // Others' changes to the library, read again with this page's filters (a row moved to another
  // status leaves it, one moved here arrives).
  const readLive = useMemo(() => readByIds(endpoints, filters), [endpoints, filters]);
  // Comments on the assets: the thread's object is the library, its row the asset. A colleague's
  // comment reaches the Comments column through the live stream.
  const rowLabel = useCallback((rowId: string) => {
    const r = grid.current?.getRow(rowId);
    return (typeof r?.name === 'string' && r.name) || (typeof r?.file === 'string' && r.file) || rowId;
  }, []);
  const comments = useRowComments(`/assets/comments/${encodeURIComponent(libraryType)}`, rowLabel);
  const live = useLiveRows(liveTopics.libraries.library(libraryType), () => grid.current, readLive, comments.live);
  const gridSchema = useMemo(() => ({ ...schema, columns: [...schema.columns, commentsColumn(comments.columnName)] }), [schema, comments.columnName]);
  // The Comments column is the page's own: the server's export and footer figures leave it out.
  const exportRequest = useCallback(
    (body: Record<string, unknown>) => ({ ...body, columns: (Array.isArray(body.columns) ? (body.columns as Array<{ field: string }>) : []).filter((c) => c.field !== COMMENTS_FIELD) }),
    [],
  );

  const invalidate = useCallback(() => {
    void client.invalidateQueries({ queryKey: ['libraries', 'manage', libraryType] });
    void client.invalidateQueries({ queryKey: ['libraries', 'assets', libraryType] });
    void client.invalidateQueries({ queryKey: filterOptionsKey(libraryType) });
    void client.invalidateQueries({ queryKey: landingKey(libraryType) });
  }, [client, libraryType]);

  // New uploads land in Pending.
  useUploadFinished(
    useCallback(
      (e) => {
        if (e.state !== 'completed' || e.target.libraryType !== libraryType) return;
        invalidate();
        if (status === 'Pending') void grid.current?.reload();
      },
      [libraryType, status, invalidate],
    ),
  );

  // The refusal's toast goes once the problem is solved (or dismissed); the cells follow it.
  useEffect(() => {
    grid.current?.controller.api?.refreshCells({ force: true });
    if (problem && problem.fields.length > 0) return;
    if (problemToast.current !== null) toast.dismiss(problemToast.current);
    problemToast.current = null;
  }, [problem]);
  useEffect(
    () => () => {
      if (problemToast.current !== null) toast.dismiss(problemToast.current);
    },
    [],
  );

  const onRefused = useCallback(
    (p: PublishProblem) => {
      setProblem(p);
      const fields = p.fields.map((f) => missingLabel(f, intl.formatMessage)).join(', ');
      problemToast.current = toast.error(
        intl.formatMessage({ id: 'libraries.manage.publishRefused', defaultMessage: '“{name}” cannot be published: {fields} missing.' }, { name: p.name, fields }),
        { persistent: true, key: 'publish-refused', title: intl.formatMessage({ id: 'libraries.manage.publishRefusedTitle', defaultMessage: 'Not published' }) },
      );
    },
    [intl],
  );

  // The grid protocol's own load and send; the send also reads what a batch moved and the
  // server's publish refusal, which this page shows itself (the kit reports other refusals).
  const source = useMemo<GridSource>(
    () => ({
      // Read in blocks as the user scrolls (docs/grid.md §3.8).
      ...protocolSource(endpoints, schema.pageSize, schemaSort(schema)),
      send: async (req: BatchRequest) => {
        try {
          const res = await api.patch<BatchResult>(endpoints.batch, req, { silent: true });
          const moves = statusMoves(req);
          for (const m of moves) {
            toast.success(
              intl.formatMessage(
                { id: 'libraries.manage.moved', defaultMessage: '{count, plural, one {# item} other {# items}} moved to {status}' },
                { count: m.count, status: intl.formatMessage(statusTitles[m.status]) },
              ),
              { key: `moved-${m.status}` },
            );
          }
          if (moves.length) invalidate();
          else void client.invalidateQueries({ queryKey: ['libraries', 'assets', libraryType] });
          // Cells filled since a refusal are no longer missing.
          setProblem((p) => {
            const row = p && res.updated.find((r) => r.id === p.id);
            if (!p || !row) return p;
            const fields = p.fields.filter((f) => f === 'file' || row[f] === null || row[f] === undefined || row[f] === '');
            return fields.length === p.fields.length ? p : { ...p, fields };
          });
          return res;
        } catch (e) {
          const refused = publishProblem(e, (id) => {
            const r = grid.current?.getRow(id);
            return typeof r?.name === 'string' ? r.name : undefined;
          });
          if (refused && e instanceof ApiError) {
            onRefused(refused);
            throw withoutPublish(e);
          }
          throw e;
        }
      },
    }),
    [endpoints, schema, intl, invalidate, client, libraryType, onRefused],
  );

  const confirmChanges = useCallback(async (changes: ProposedChange[]) => {
    const targets = statusTargets(changes);
    return targets.length === 0 || confirmStatus(intl, targets);
  }, [intl]);
  const confirmDelete = useCallback(() => confirmStatus(intl, ['Deleted']), [intl]);

  const openPreview = useCallback(
    (row: GridRow) => {
      signedAssets(libraryType, [row.id]).then(
        (list) => list[0] && setPreview(list[0]),
        () => toast.error(intl.formatMessage({ id: 'libraries.manage.previewFailed', defaultMessage: 'The preview could not be opened.' }), { key: 'preview' }),
      );
    },
    [libraryType, intl],
  );

  const extras = useMemo(
    () => ({
      ...manageColumnExtras({ intl, schema, status, isMissing: (id, f) => problemRef.current?.id === id && problemRef.current.fields.includes(f), onOpen: openPreview }),
      // The count stays in view beside the status, however wide the library's columns.
      [COMMENTS_FIELD]: { ...comments.extras[COMMENTS_FIELD], pinned: 'right' as const },
    }),
    [intl, schema, status, openPreview, comments.extras],
  );
  const header = useCallback((col: GridColumn) => headerOf(intl, schema, col), [intl, schema]);
  // Group by any list column but the status (the page shows one status); the server counts the groups.
  const groupOptions = useMemo(
    () => schema.columns.filter((c) => c.type === 'list' && c.sortable !== false && c.field !== 'status').map((c) => ({ field: c.field, label: fieldTitle(intl, c) })),
    [schema, intl],
  );

  // Suggestions in text cells: the values the library's published items use.
  const autocomplete = useMemo(() => {
    const fields = FILTER_FIELDS[libraryType].filter((f) => schema.columns.some((c) => c.field === f && c.type === 'text' && c.editable));
    return {
      fields,
      fetch: async (field: string, text: string, signal: AbortSignal) => {
        const opts = await client.fetchQuery({ queryKey: filterOptionsKey(libraryType), queryFn: () => filterOptions(libraryType, signal), staleTime: 5 * 60_000 });
        const t = text.toLowerCase();
        return (opts[field as keyof typeof opts] ?? []).map((o) => o.value).filter((v) => v.toLowerCase().startsWith(t));
      },
    };
  }, [libraryType, schema, client]);

  const move = (to: AssetStatus) => {
    const rows = selected.filter((r) => r.status !== to);
    if (rows.length === 0) return;
    grid.current?.controller.setCells(rows.map((r) => ({ rowId: r.id, field: 'status', raw: to })), 'paste');
  };

  const targets = STATUS_ORDER.filter((s) => s !== status);
  const fields = problem?.fields.map((f) => missingLabel(f, intl.formatMessage)).join(', ') ?? '';

  return (
    <>
      {problem && problem.fields.length > 0 && (
        <div className="lib-alert lib-alert--danger" role="alert" data-testid="publish-error">
          <Icon name="warning" size={18} />
          <span>
            <FormattedMessage id="libraries.manage.publishRefused" defaultMessage="“{name}” cannot be published: {fields} missing." values={{ name: problem.name, fields }} />{' '}
            <FormattedMessage id="libraries.manage.publishRefusedHint" defaultMessage="Fill in the cells marked in red, then publish again." />
          </span>
          <button type="button" className="its-icon-btn" onClick={() => setProblem(null)} aria-label={intl.formatMessage({ id: 'libraries.panel.close', defaultMessage: 'Close' })}>
            <Icon name="close" size={16} />
          </button>
        </div>
      )}
      <div className="lib-manage-grid" data-testid="manage-grid">
        <DataGrid
          testId="manage-data-grid"
          handle={gridRef}
          schema={gridSchema}
          endpoints={endpoints}
          exportRequest={exportRequest}
          layoutKey={`libraries.${libraryType}`}
          source={source}
          filters={filters}
          canEdit
          pending={status === 'Pending'}
          headerName={header}
          groupOptions={groupOptions}
          columnExtras={extras}
          confirmChanges={confirmChanges}
          confirmDelete={confirmDelete}
          autocomplete={autocomplete}
          saveDelayMs={UPDATE_DEBOUNCE_MS}
          deleteDelayMs={DELETE_DEBOUNCE_MS}
          exportFileName={`${libraryType}_${status}`}
          editCellsTitle={intl.formatMessage({ id: 'libraries.manage.editCells.title', defaultMessage: 'Source/Working File Merge' })}
          onSelectionChange={setSelected}
          emptyState={(filtered) =>
            filtered && q
              ? intl.formatMessage({ id: 'libraries.manage.noMatch', defaultMessage: 'No items match “{q}”.' }, { q })
              : intl.formatMessage({ id: 'libraries.list.empty', defaultMessage: 'No assets available.' })
          }
          menuItems={(row) => [
            { id: 'preview', label: intl.formatMessage({ id: 'libraries.manage.preview', defaultMessage: 'Preview' }), icon: 'document', disabled: !row, onSelect: () => row && openPreview(row) },
            ...(row && !row.__group ? [comments.menuItem(row)] : []),
          ]}
          toolbar={(ui) => (
            <>
              <span className="lib-manage-count" data-testid="manage-count">
                {!ui.loading && <FormattedMessage id="libraries.manage.count" defaultMessage="{count, plural, one {# item} other {# items}}" values={{ count: ui.total }} />}
              </span>
              <LiveBadge state={live} testId="rows-live" />
              <div className={`lib-bulk${selected.length ? ' is-on' : ''}`} data-testid="bulk-actions" aria-hidden={selected.length === 0}>
                {targets.map((s) => (
                  <button
                    key={s}
                    type="button"
                    className={`its-btn lib-btn-sm ${s === 'Published' ? 'its-btn--primary' : s === 'Deleted' ? 'its-btn--danger' : 'its-btn--secondary'}`}
                    disabled={selected.length === 0}
                    onClick={() => move(s)}
                    data-testid={`move-${s}`}
                    tabIndex={selected.length === 0 ? -1 : undefined}
                  >
                    {intl.formatMessage(statusAction[s])}
                  </button>
                ))}
              </div>
            </>
          )}
        />
      </div>
      {preview && (
        <Dialog open title={intl.formatMessage({ id: 'libraries.detail.title', defaultMessage: 'Asset details' })} onClose={() => setPreview(null)} width={1040} className="lib-detail-dialog">
          <AssetDetailView asset={preview} />
        </Dialog>
      )}
    </>
  );
}

/** The page; `handle` reaches the grid (tests). */
export function ManageList({ handle }: { handle?: Ref<DataGridHandle> } = {}) {
  const intl = useIntl();
  const { route, libraryType } = useManagedType();
  const status: AssetStatus = route.status ?? 'Pending';
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const title = intl.formatMessage(libraryTitles[libraryType]);
  usePageTitle(`${title} · ${intl.formatMessage(statusTitles[status])}`);
  const schema = useQuery({ queryKey: ['libraries', 'schema', libraryType], queryFn: ({ signal }) => fetchLibrarySchema(libraryType, signal), staleTime: 10 * 60_000 });

  // The report runs as a job in the download queue (the same status and search as the grid).
  const report = () => {
    const name = intl.formatMessage(
      { id: 'libraries.manage.reportTitle', defaultMessage: '{library} report ({status})' },
      { library: title, status: intl.formatMessage(statusTitles[status]) },
    );
    downloads.add(name, { kind: 'job', start: () => reportJob(libraryType, q ? { status, filters: { name: { contains: q } } } : { status }) });
  };

  useEffect(() => setText(q), [q]);
  const search = (typed: string) => {
    const next = typed.trim();
    if (next === q) return;
    setParams(
      (p) => {
        const params = new URLSearchParams(p);
        if (next) params.set('q', next);
        else params.delete('q');
        return params;
      },
      { replace: true },
    );
  };

  return (
    <div className="lib-page lib-page--wide lib-page--manage" data-testid="library-manage" data-status={status} data-library-type={libraryType}>
      <ManageHeader
        title={title}
        lead={intl.formatMessage({ id: 'libraries.manage.lead', defaultMessage: 'Edit the details in the grid; changes save by themselves. Fields marked * are needed to publish.' })}
        actions={
          <>
            <SearchInput
              className="lib-search lib-search--compact"
              value={text}
              onChange={setText}
              debounceMs={300}
              onDebouncedChange={search}
              placeholder={intl.formatMessage({ id: 'libraries.filter.search', defaultMessage: 'Search by name' })}
              data-testid="manage-search"
            />
            <button type="button" className="its-btn its-btn--secondary" onClick={report} data-testid="manage-report">
              <Icon name="download" size={16} />
              <FormattedMessage id="libraries.manage.report" defaultMessage="Excel report" />
            </button>
          </>
        }
      />
      {schema.isPending ? (
        <div className="lib-manage-loading">
          <Spinner size={26} />
        </div>
      ) : schema.isError ? (
        <EmptyState icon="warning" title={intl.formatMessage({ id: 'libraries.manage.schemaError', defaultMessage: 'The library could not be opened.' })}>
          <button type="button" className="its-btn its-btn--secondary" onClick={() => void schema.refetch()}>
            <FormattedMessage id="libraries.retry" defaultMessage="Try again" />
          </button>
        </EmptyState>
      ) : (
        <ManageGridView key={`${libraryType}|${status}`} libraryType={libraryType} status={status} schema={schema.data} q={q} handle={handle} />
      )}
    </div>
  );
}
