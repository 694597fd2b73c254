/**
 * The assortment manager's list views (spec §2.2): quick access, all (folders, expand and
 * contract), recent, starred, scheduled and archived. Assortments and folders sit in the grid
 * kit; the toolbar and the context menu create, copy, archive and delete them. The lists are
 * live: an entry the user (or a manager of assortments, or a colleague copying one to them)
 * creates, changes, archives, moves or deletes, on any server, shows without a reload (the topic
 * assortments:all, which names only the user's own entries): a flat view reads those rows again
 * through its own query (an entry that left the view leaves the page); a tree with a folder
 * open, read whole, is read again.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { SearchInput, actions, authzCheck, confirm, liveTopics, toast, useDecisions, usePageTitle, type AuthzCheck } from '@its/kit';
import { DataGrid, LiveBadge, useLiveRows, type BatchRequest, type BatchResult, type DataGridHandle, type GridColumn, type GridRow, type GridSource, type MenuItem, type GridLoadQuery, type RowSink, sourceExport } from '@its/grid';
import { ProductIcon } from '@its/remote-products/api';
import {
  CHANNELS,
  ROW_UPDATE_MS,
  archiveAssortments,
  deleteAssortment,
  exportPath,
  listAssortments,
  listExportEndpoints,
  managePath,
  patchAssortment,
  type Assortment,
  type View,
} from '../api';
import { CopyDialog } from '../dialogs/CopyDialog';
import { FolderDialog } from '../dialogs/FolderDialog';
import { NewAssortmentDialog } from '../dialogs/NewAssortmentDialog';
import { ManagerLayout } from '../ManagerLayout';
import { errorText, fieldLabel, msg, viewTitles } from '../messages';
import { listExtras, listSchema, type ListActions } from './columns';
import { LIST_BLOCK, LIST_WHOLE_PAGE, ListBlocks, listOrder, postQuery, queryBody, readWhole, type ListEntry } from './listSource';
import { flattenTree, folderIds, nestByHierarchy, topmost, type TreeRow } from './tree';
import { rowScreens } from './menu';
import { MergeDialog } from '../merge/MergeDialog';

const childView = (view: View): View => (view === 'archived' ? 'archived' : 'all');
const browses = (view: View) => view === 'all' || view === 'archived';

function decorateRows(rows: TreeRow[]): GridRow[] {
  return rows.map((r) => ({ ...r, labelText: (r.labels ?? []).map((l) => l.name).join(', ') }) as GridRow);
}

/** Entries of a flat view (a block) as rows of the tree: each at the top, closed. */
const flatRows = (rows: ListEntry[]): TreeRow[] => rows.map((r) => ({ ...r, id: r._id, depth: 0, expanded: false, childCount: null, path: r.path ?? '' }));

export function ListPage({ view }: { view: View }) {
  const intl = useIntl();
  const navigate = useNavigate();
  usePageTitle(`${intl.formatMessage(viewTitles[view])} · ${intl.formatMessage(msg.manager)}`);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [selected, setSelected] = useState<TreeRow[]>([]);
  const [focused, setFocused] = useState<TreeRow | null>(null);
  const [dialog, setDialog] = useState<null | 'new' | 'folder' | 'copy'>(null);
  const [mergeInto, setMergeInto] = useState<TreeRow | null>(null);
  const children = useRef(new Map<string, Assortment[]>());
  const roots = useRef<Assortment[]>([]);
  const gridHandle = useRef<DataGridHandle | null>(null);

  const checks = useMemo<AuthzCheck[]>(() => [...CHANNELS.map((channel) => authzCheck(actions.assortmentsEdit, { channel })), authzCheck(actions.documentsView)], []);
  const decisions = useDecisions(checks);
  const mayExport = decisions.allowed[CHANNELS.length] === true;
  const canEditChannel = useCallback((channel: string) => decisions.allowed[CHANNELS.indexOf(channel)] === true, [decisions.allowed]);
  // Only the channels' edit decisions: the documents one after them is not an edit right.
  const canEdit = decisions.allowed.slice(0, CHANNELS.length).some(Boolean);

  const schema = useMemo(() => listSchema(view, browses(view) && !!q), [view, q]);
  const headerName = useCallback((c: GridColumn) => fieldLabel(intl, c.field, c.headerName), [intl]);

  // A folder open in all or archived: the tree is read whole (listSource.ts); else blocks.
  const tree = browses(view) && expanded.size > 0;
  const blocks = useMemo(() => new ListBlocks(), []);
  const searchText = browses(view) ? q : '';

  /** The top level of a tree: the view's entries (search results nested by their folders). */
  const readRoots = useCallback(
    async (query: Pick<GridLoadQuery, 'sort' | 'where'>, signal?: AbortSignal): Promise<Assortment[]> => {
      const items = await readWhole(view, query, searchText, signal ?? new AbortController().signal);
      if (!searchText) return items;
      const nested = nestByHierarchy(items);
      for (const [k, v] of nested.children) children.current.set(k, v);
      return nested.roots;
    },
    [view, searchText],
  );

  const load = useCallback(
    async (query: GridLoadQuery, signal: AbortSignal, sink: RowSink) => {
      if (query.limit !== undefined) {
        const page = await blocks.block(view, { ...query, limit: query.limit }, searchText, signal);
        sink.total(page.totalCount);
        sink.rows(decorateRows(flatRows(page.rows)));
        return;
      }
      const kids = children.current;
      const top = await readRoots(query, signal);
      roots.current = top;
      // The content of expanded folders, level by level.
      let pending = [...expanded].filter((id) => !kids.has(id));
      while (pending.length) {
        const got = await Promise.all(pending.map((id) => listAssortments(childView(view), { folder: id }, signal).then((a) => [id, a.items] as const, () => [id, [] as Assortment[]] as const)));
        for (const [id, items] of got) kids.set(id, items);
        pending = [...expanded].filter((id) => !kids.has(id) && got.some(([, items]) => items.some((i) => i._id === id)));
      }
      const rows = flattenTree(top, kids, expanded);
      sink.total(rows.length);
      sink.rows(decorateRows(rows));
    },
    [view, searchText, expanded, blocks, readRoots],
  );

  const reload = useCallback(() => {
    children.current.clear();
    void gridHandle.current?.reload();
  }, []);

  /**
   * The rows a live event names, as this view shows them: a flat view reads them by id through
   * its own query (with the search box); a tree is read again whole and answers the rows it
   * now holds (already laid in).
   */
  const readLive = useCallback(
    async (ids: string[], signal: AbortSignal): Promise<GridRow[]> => {
      const grid = gridHandle.current;
      if (tree) {
        children.current.clear();
        await grid?.reload();
        return ids.map((id) => grid?.getRow(id)).filter((r): r is GridRow => !!r);
      }
      const out: ListEntry[] = [];
      for (let i = 0; i < ids.length; i += LIST_WHOLE_PAGE) {
        const chunk = ids.slice(i, i + LIST_WHOLE_PAGE);
        out.push(...(await postQuery(view, { ...queryBody({ sort: [], where: null }, searchText), ids: chunk, limit: chunk.length }, signal)).rows);
      }
      return decorateRows(flatRows(out));
    },
    [tree, view, searchText],
  );
  const live = useLiveRows(liveTopics.assortments.assortments, () => gridHandle.current, readLive);

  /** Title edits (row update) and deletes of the kit, as the assortment calls. */
  const send = useCallback(
    async (req: BatchRequest): Promise<BatchResult> => {
      const updated: GridRow[] = [];
      for (const u of req.update ?? []) {
        const a = await patchAssortment(u.id, { version: u.version, title: String(u.changes.title ?? '') });
        const shown = gridHandle.current?.getRow(u.id);
        updated.push({ ...shown, ...a, id: a._id, version: a.version } as GridRow);
      }
      const deleted: GridRow[] = [];
      for (const d of topmost((req.delete ?? []).map((d) => gridHandle.current?.getRow(d.id) as unknown as TreeRow).filter(Boolean))) {
        await deleteAssortment(d._id);
        deleted.push(d as unknown as GridRow);
      }
      return { updated, added: [], deleted };
    },
    [],
  );

  const rowActions = useRef<ListActions>({ toggle: () => undefined, star: () => undefined, canStar: () => false });
  rowActions.current = {
    toggle: (row) =>
      setExpanded((s) => {
        const next = new Set(s);
        if (next.has(row._id)) next.delete(row._id);
        else next.add(row._id);
        return next;
      }),
    canStar: (row) => canEditChannel(row.channel),
    star: (row) => {
      const grid = gridHandle.current;
      const flip = { ...row, starred: !row.starred } as unknown as GridRow;
      grid?.acceptRows([flip]);
      patchAssortment(row._id, { starred: !row.starred }).then(
        (a) => {
          grid?.acceptRows([{ ...flip, version: a.version, modifiedDate: a.modifiedDate } as GridRow]);
          if (view === 'starred' || view === 'quick-access') reload();
        },
        (e: unknown) => {
          grid?.acceptRows([row as unknown as GridRow]);
          toast.error(intl.formatMessage(msg.failed, { message: errorText(e) }));
        },
      );
    },
  };
  const extras = useMemo(() => listExtras(rowActions), []);
  // Sorting and filtering happen on the server: in blocks for a flat view, on the top level of a tree.
  const source = useMemo<GridSource>(
    () => ({ load, send, columnFilters: 'server', sortOnServer: true, ...(tree ? {} : { blocks: LIST_BLOCK, order: listOrder(view) }) }),
    [load, send, tree, view],
  );
  const exportEndpoints = useMemo(() => listExportEndpoints(view), [view]);
  // The search box is the list's own filter: the export searches the same titles.
  const exportRequest = useMemo(() => sourceExport({ filters: browses(view) && q ? { title: { contains: q } } : {} }), [view, q]);

  const expandAll = async () => {
    const kids = children.current;
    // Read by scrolling, the top level may not all be read: its folders are read first.
    if (!tree) roots.current = await readRoots({ sort: [], where: null });
    let pending = folderIds(roots.current, kids).filter((id) => !kids.has(id));
    while (pending.length) {
      const got = await Promise.all(pending.map((id) => listAssortments(childView(view), { folder: id }).then((a) => [id, a.items] as const, () => [id, [] as Assortment[]] as const)));
      for (const [id, items] of got) kids.set(id, items);
      pending = folderIds(roots.current, kids).filter((id) => !kids.has(id));
    }
    setExpanded(new Set(folderIds(roots.current, kids)));
  };
  const contractAll = () => setExpanded(new Set());

  const targets = (row?: TreeRow | null): TreeRow[] => {
    if (row && !selected.some((s) => s._id === row._id)) return [row];
    return selected.length ? selected : row ? [row] : focused ? [focused] : [];
  };

  const archive = async (rows: TreeRow[], archived: boolean) => {
    const list = topmost(rows);
    if (list.length === 0) return;
    if (archived) {
      const folders = list.filter((r) => r.type === 'folder').length;
      const ok = await confirm({
        title: intl.formatMessage({ id: 'assortments.archive.title', defaultMessage: 'Archive {n, plural, one {this entry} other {# entries}}?' }, { n: list.length }),
        message: folders
          ? intl.formatMessage({ id: 'assortments.archive.folders', defaultMessage: 'A folder is archived with everything in it. You can bring it back from the Archived view.' })
          : intl.formatMessage({ id: 'assortments.archive.message', defaultMessage: 'Archived assortments move to the Archived view; you can bring them back from there.' }),
        yesText: intl.formatMessage({ id: 'assortments.archive.yes', defaultMessage: 'Archive' }),
        noText: intl.formatMessage(msg.cancel),
      });
      if (ok !== 'yes') return;
    }
    try {
      const res = await archiveAssortments(
        list.map((r) => r._id),
        archived,
      );
      toast.success(intl.formatMessage(archived ? msg.archived : msg.unarchived, { n: (archived ? res.archived : res.unarchived) ?? list.length }));
      gridHandle.current?.clearSelection();
      reload();
    } catch (e) {
      toast.error(intl.formatMessage(msg.failed, { message: errorText(e) }));
    }
  };

  const remove = (rows: TreeRow[]) => {
    if (rows.length) void gridHandle.current?.deleteRows(rows.map((r) => r._id));
  };

  const confirmDelete = useCallback(
    async (n: number) =>
      (await confirm({
        title: intl.formatMessage({ id: 'assortments.delete.title', defaultMessage: 'Delete {n, plural, one {this entry} other {# entries}}?' }, { n }),
        message: intl.formatMessage({
          id: 'assortments.delete.message',
          defaultMessage: 'Deleted assortments cannot be brought back. A folder is deleted with everything in it.',
        }),
        yesText: intl.formatMessage({ id: 'assortments.delete.yes', defaultMessage: 'Delete' }),
        noText: intl.formatMessage(msg.cancel),
        tone: 'danger',
      })) === 'yes',
    [intl],
  );

  const parentFolder = (): TreeRow | null => {
    const only = selected.length === 1 ? selected[0] : focused;
    return only && only.type === 'folder' && view !== 'archived' ? only : null;
  };

  const menuItems = (row: GridRow | null): MenuItem[] => {
    const r = row as unknown as TreeRow | null;
    const items: MenuItem[] = [];
    for (const screen of rowScreens(r, { mayExport, canEditChannel })) {
      if (!r) break;
      if (screen === 'open') items.push({ id: 'open', label: intl.formatMessage({ id: 'assortments.menu.open', defaultMessage: 'Open' }), icon: 'external', onSelect: () => navigate(managePath(r._id)) });
      if (screen === 'documents') items.push({ id: 'documents', label: intl.formatMessage({ id: 'assortments.menu.documents', defaultMessage: 'Documents…' }), icon: 'document', onSelect: () => navigate(exportPath(r._id)) });
      if (screen === 'merge') items.push({ id: 'merge', label: intl.formatMessage(msg.mergeFrom), icon: 'transfer', onSelect: () => setMergeInto(r) });
    }
    if (r && canEditChannel(r.channel)) {
      items.push({
        id: 'star',
        label: intl.formatMessage(r.starred ? { id: 'assortments.star.remove', defaultMessage: 'Remove star' } : { id: 'assortments.star.add', defaultMessage: 'Add star' }),
        icon: 'sparkle',
        onSelect: () => rowActions.current.star(r),
      });
      items.push({ id: 'copy', label: intl.formatMessage({ id: 'assortments.menu.copy', defaultMessage: 'Duplicate or copy…' }), icon: 'copy', onSelect: () => (setSelected(targets(r)), setDialog('copy')) });
      items.push(
        view === 'archived'
          ? { id: 'unarchive', label: intl.formatMessage({ id: 'assortments.menu.unarchive', defaultMessage: 'Unarchive' }), icon: 'refresh', onSelect: () => void archive(targets(r), false) }
          : { id: 'archive', label: intl.formatMessage({ id: 'assortments.menu.archive', defaultMessage: 'Archive' }), icon: 'box', onSelect: () => void archive(targets(r), true) },
      );
    }
    if (browses(view) || expanded.size > 0) {
      items.push({ id: 'sepTree', separator: true });
      items.push({ id: 'expandAllFolders', label: intl.formatMessage({ id: 'assortments.menu.expandAll', defaultMessage: 'Expand all' }), icon: 'expand', onSelect: () => void expandAll() });
      items.push({ id: 'contractAllFolders', label: intl.formatMessage({ id: 'assortments.menu.contractAll', defaultMessage: 'Contract all' }), icon: 'collapse', onSelect: contractAll });
    }
    return items;
  };

  const filters = useMemo(() => ({ view, q, open: [...expanded].sort().join(',') }), [view, q, expanded]);
  // A saved view of a list keeps its title search too (the lists that have one).
  const viewFilters = useMemo(
    () => ({
      value: browses(view) && q ? { q } : {},
      apply: (f: Record<string, unknown>) => {
        const text = browses(view) && typeof f.q === 'string' ? f.q.trim() : '';
        setSearch(text);
        setQ(text);
      },
    }),
    [view, q],
  );
  const emptyText = () =>
    q
      ? intl.formatMessage({ id: 'assortments.empty.search', defaultMessage: 'No assortments match “{q}”.' }, { q })
      : view === 'starred'
        ? intl.formatMessage({ id: 'assortments.empty.starred', defaultMessage: 'No starred assortments. Star the ones you use most to find them here.' })
        : view === 'scheduled'
          ? intl.formatMessage({ id: 'assortments.empty.scheduled', defaultMessage: 'No scheduled assortments.' })
          : view === 'archived'
            ? intl.formatMessage({ id: 'assortments.empty.archived', defaultMessage: 'No archived assortments.' })
            : intl.formatMessage({ id: 'assortments.empty', defaultMessage: 'No assortments created. To get started create an assortment.' });

  const sel = topmost(selected);
  const anyEditable = sel.length > 0 && sel.every((r) => canEditChannel(r.channel));

  return (
    <ManagerLayout
      view={view}
      actions={
        canEdit && (
          <button type="button" className="its-btn its-btn--primary" onClick={() => setDialog('new')} data-testid="new-assortment">
            <ProductIcon name="plus" />
            <FormattedMessage id="assortments.new.button" defaultMessage="New assortment" />
          </button>
        )
      }
    >
      <div className="am-grid">
        <DataGrid
          // Each list view has its own columns and keeps its own layout: a view is a grid of its own.
          key={view}
          testId="assortment-list"
          handle={gridHandle}
          schema={schema}
          layoutKey={`assortments.list.${view}`}
          source={source}
          columnExtras={extras}
          filters={filters}
          viewFilters={viewFilters}
          endpoints={exportEndpoints}
          exportRequest={exportRequest}
          exportFileName={`Assortments_${view}`}
          canEdit={canEdit}
          headerName={headerName}
          saveDelayMs={ROW_UPDATE_MS}
          confirmDelete={confirmDelete}
          onRowsDeleted={() => reload()}
          onSelectionChange={(rows) => setSelected(rows as unknown as TreeRow[])}
          onFocusRow={(r) => setFocused(r as unknown as TreeRow | null)}
          onNewFolder={view === 'archived' ? undefined : () => setDialog('folder')}
          menuItems={menuItems}
          emptyState={emptyText}
          toolbar={(ui) => (
            <>
              <LiveBadge state={live} testId="rows-live" />
              {browses(view) && (
                <SearchInput
                  className="am-search"
                  value={search}
                  onChange={(text) => {
                    setSearch(text);
                    if (!text) setQ('');
                  }}
                  onSubmit={(text) => setQ(text.trim())}
                  placeholder={intl.formatMessage({ id: 'assortments.search.placeholder', defaultMessage: 'Find by title…' })}
                  aria-label={intl.formatMessage({ id: 'assortments.search.label', defaultMessage: 'Find assortments' })}
                  data-testid="list-search"
                />
              )}
              {canEdit && view !== 'archived' && (
                <button type="button" className="its-btn its-btn--secondary" onClick={() => setDialog('folder')} data-testid="new-folder">
                  <ProductIcon name="folderPlus" />
                  <FormattedMessage id="assortments.folder.button" defaultMessage="New folder" />
                </button>
              )}
              {canEdit && (
                <span className="am-toolbar-group">
                  <button type="button" className="its-btn its-btn--ghost" disabled={!anyEditable} onClick={() => setDialog('copy')} data-testid="list-copy">
                    <ProductIcon name="duplicate" />
                    <FormattedMessage id="assortments.copy.button" defaultMessage="Copy" />
                  </button>
                  {view === 'archived' ? (
                    <button type="button" className="its-btn its-btn--ghost" disabled={!anyEditable} onClick={() => void archive(sel, false)} data-testid="list-unarchive">
                      <ProductIcon name="unarchive" />
                      <FormattedMessage id="assortments.menu.unarchive" defaultMessage="Unarchive" />
                    </button>
                  ) : (
                    <button type="button" className="its-btn its-btn--ghost" disabled={!anyEditable} onClick={() => void archive(sel, true)} data-testid="list-archive">
                      <ProductIcon name="archive" />
                      <FormattedMessage id="assortments.menu.archive" defaultMessage="Archive" />
                    </button>
                  )}
                  <button type="button" className="its-btn its-btn--ghost am-danger" disabled={!anyEditable} onClick={() => remove(sel)} data-testid="list-delete">
                    <ProductIcon name="trash" />
                    <FormattedMessage id="assortments.delete.yes" defaultMessage="Delete" />
                  </button>
                </span>
              )}
              {browses(view) && ui.rowCount > 0 && (
                <span className="am-toolbar-group">
                  <button type="button" className="its-btn its-btn--ghost" onClick={() => void expandAll()} data-testid="list-expand-all" title={intl.formatMessage({ id: 'assortments.menu.expandAll', defaultMessage: 'Expand all' })}>
                    <ProductIcon name="expand" />
                  </button>
                  <button type="button" className="its-btn its-btn--ghost" onClick={contractAll} data-testid="list-contract-all" title={intl.formatMessage({ id: 'assortments.menu.contractAll', defaultMessage: 'Contract all' })}>
                    <ProductIcon name="collapse" />
                  </button>
                </span>
              )}
            </>
          )}
        />
      </div>
      {dialog === 'new' && (
        <NewAssortmentDialog
          parent={parentFolder()}
          canEditChannel={canEditChannel}
          onClose={() => setDialog(null)}
          onCreated={(a) => {
            setDialog(null);
            navigate(managePath(a._id));
          }}
        />
      )}
      {dialog === 'folder' && (
        <FolderDialog
          parent={parentFolder()}
          onClose={() => setDialog(null)}
          onCreated={(f) => {
            setDialog(null);
            if (f.hierarchy.length) setExpanded((s) => new Set([...s, ...f.hierarchy]));
            reload();
          }}
        />
      )}
      {mergeInto && (
        <MergeDialog
          org="assortments"
          target={mergeInto}
          onClose={() => setMergeInto(null)}
          onMerged={() => {
            setMergeInto(null);
            // The row's product count changed.
            reload();
          }}
        />
      )}
      {dialog === 'copy' && sel.length > 0 && (
        <CopyDialog
          entries={sel}
          onClose={() => setDialog(null)}
          onDone={(mine) => {
            setDialog(null);
            if (mine) reload();
          }}
        />
      )}
    </ManagerLayout>
  );
}

