/**
 * The Views menu of the kit's toolbar (docs/grid.md §9.3): the user's saved views of the grid
 * and those shared with them; open one, save the grid as a new view or over one of one's own,
 * rename it or share it with named users, copy its link (`?view=id`), mail it, delete it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Icon, Spinner, confirm, toast, useStore } from '@its/kit';
import type { GridController } from '../controller';
import { below, useFloating } from '../floating';
import { ROW_HEIGHTS, type RowHeight } from '../layout/layout';
import { layoutQuery } from '../layout/useGridLayout';
import type { SortKey } from '../types';
import { failure, viewsApi, viewsKey } from './api';
import { EmailViewDialog } from './EmailViewDialog';
import { vm } from './messages';
import { SaveViewDialog } from './SaveViewDialog';
import { gridOfView, viewIdOf, viewLink, viewOfGrid, type SavedView } from './viewState';
import './views.css';

/** The page's own filters, lent to views (kept in a view, put back when it opens). */
export interface ViewFilters {
  value: Record<string, unknown>;
  apply: (filters: Record<string, unknown>) => void;
}

export interface ViewsMenuProps {
  ctrl: GridController;
  /** The grid's name on the server (its layout key). */
  grid: string;
  /** The page hears of a sort the view set (as when the user sorts by a header). */
  onSortChange?: (sort: Required<SortKey>[]) => void;
  viewFilters?: ViewFilters;
  canGroup: (field: string) => boolean;
}

const heightOf = (px: unknown): RowHeight => (Object.keys(ROW_HEIGHTS) as RowHeight[]).find((h) => ROW_HEIGHTS[h] === px) ?? 'normal';

export function ViewsMenu({ ctrl, grid, onSortChange, viewFilters, canGroup }: ViewsMenuProps) {
  const intl = useIntl();
  const qc = useQueryClient();
  useStore(ctrl.ui);
  const gridApi = ctrl.api;
  const [open, setOpen] = useState<{ x: number; y: number } | null>(null);
  const [saving, setSaving] = useState<{ view: SavedView | null } | null>(null);
  const [mailing, setMailing] = useState<SavedView | null>(null);
  const [current, setCurrent] = useState<SavedView | null>(null);
  const deps = useRef({ onSortChange, viewFilters, canGroup });
  deps.current = { onSortChange, viewFilters, canGroup };

  /** The grid as it is now, as a view's query and layout. */
  const snapshot = useCallback(() => {
    const a = ctrl.api;
    return viewOfGrid({
      where: ctrl.ui.get().where,
      sort: ctrl.currentSort(),
      groupBy: ctrl.groupBy,
      columns: a?.getColumnState() ?? [],
      rowHeight: heightOf(a?.getGridOption('rowHeight')),
      filters: deps.current.viewFilters?.value,
    });
  }, [ctrl]);

  /** Shows a view: its columns, sort, row height, page filters, grouping and filter tree. */
  const apply = useCallback(
    (view: SavedView) => {
      const a = ctrl.api;
      if (!a) return;
      const { onSortChange: sorted, viewFilters: filters, canGroup: groupable } = deps.current;
      const app = gridOfView(view, a.getColumnState(), groupable);
      a.applyColumnState({ state: app.columns, applyOrder: true, defaultState: { sort: null } });
      a.setGridOption('rowHeight', ROW_HEIGHTS[app.rowHeight]);
      a.resetRowHeights();
      if (app.filters && filters) filters.apply(app.filters);
      ctrl.chooseGroupBy(app.groupBy);
      ctrl.setWhere(app.where);
      sorted?.(ctrl.currentSort());
      setCurrent(view);
    },
    [ctrl],
  );

  useViewLink(grid, !!gridApi, apply);

  const list = useQuery({ queryKey: viewsKey(grid), queryFn: ({ signal }) => viewsApi.list(grid, signal), enabled: !!open });
  const mine = (list.data ?? []).filter((v) => v.mine);
  const shared = (list.data ?? []).filter((v) => !v.mine);
  const close = useCallback(() => setOpen(null), []);
  const refresh = () => void qc.invalidateQueries({ queryKey: viewsKey(grid) });

  const update = async (v: SavedView) => {
    try {
      const saved = await viewsApi.save(grid, { name: v.name, ...snapshot(), sharedWith: v.sharedWith });
      toast.success(intl.formatMessage(vm.updated, { name: saved.name }));
      setCurrent(saved);
      refresh();
    } catch (e) {
      toast.error(failure(e, intl.formatMessage(vm.failed)));
    }
  };
  const remove = async (v: SavedView) => {
    setOpen(null);
    const answer = await confirm({ title: intl.formatMessage(vm.remove, { name: v.name }), message: intl.formatMessage(vm.removeConfirm, { name: v.name }), tone: 'danger' });
    if (answer !== 'yes') return;
    try {
      await viewsApi.remove(v._id);
      toast.success(intl.formatMessage(vm.removed, { name: v.name }));
      if (current?._id === v._id) setCurrent(null);
      refresh();
    } catch (e) {
      toast.error(failure(e, intl.formatMessage(vm.failed)));
    }
  };
  const copyLink = async (v: SavedView) => {
    const link = viewLink(window.location.href, v._id);
    try {
      await navigator.clipboard.writeText(link);
      toast.success(intl.formatMessage(vm.linkCopied));
    } catch {
      // No clipboard (an insecure page): the link is in the address bar to copy from.
      window.history.replaceState(window.history.state, '', link);
      toast.info(link);
    }
  };

  const row = (v: SavedView) => (
    <li key={v._id} className={`its-grid-views__item${current?._id === v._id ? ' is-current' : ''}`} data-testid="grid-view" data-view-id={v._id} data-name={v.name}>
      <button
        type="button"
        className="its-grid-views__open"
        // Named by what it shows (the view's name and who it is shared with), so a spoken name
        // holds the visible text (WCAG 2.5.3); the verb is the tooltip's.
        title={intl.formatMessage(vm.open, { name: v.name })}
        onClick={() => {
          apply(v);
          setOpen(null);
          toast.success(intl.formatMessage(vm.opened, { name: v.name }));
        }}
        data-testid="grid-view-open"
      >
        <span className="its-grid-views__name">{v.name}</span>
        <span className="its-grid-views__meta">
          {v.mine ? (v.sharedWith.length ? intl.formatMessage(vm.sharedCount, { count: v.sharedWith.length }) : intl.formatMessage(vm.private)) : intl.formatMessage(vm.by, { owner: v.ownerEmail })}
        </span>
      </button>
      <span className="its-grid-views__actions">
        {v.mine && (
          <>
            <IconButton icon="check" label={intl.formatMessage(vm.update, { name: v.name })} onClick={() => void update(v)} testId="grid-view-update" />
            <IconButton
              icon="edit"
              label={intl.formatMessage(vm.edit, { name: v.name })}
              onClick={() => {
                setOpen(null);
                setSaving({ view: v });
              }}
              testId="grid-view-edit"
            />
          </>
        )}
        <IconButton icon="external" label={intl.formatMessage(vm.copyLink, { name: v.name })} onClick={() => void copyLink(v)} testId="grid-view-link" />
        <IconButton
          icon="mail"
          label={intl.formatMessage(vm.email, { name: v.name })}
          onClick={() => {
            setOpen(null);
            setMailing(v);
          }}
          testId="grid-view-email"
        />
        {v.mine && <IconButton icon="trash" label={intl.formatMessage(vm.remove, { name: v.name })} onClick={() => void remove(v)} testId="grid-view-delete" />}
      </span>
    </li>
  );

  return (
    <>
      <button
        type="button"
        className="its-btn its-btn--secondary its-grid-views__button"
        aria-haspopup="dialog"
        aria-expanded={!!open}
        data-testid="grid-views"
        data-current={current?.name}
        disabled={!gridApi}
        onClick={(e) => {
          setOpen(open ? null : below(e.currentTarget, 'right', 440));
        }}
      >
        <Icon name="bookmark" size={16} />
        {current ? intl.formatMessage(vm.current, { name: current.name }) : intl.formatMessage(vm.button)}
      </button>
      {open && (
        <ViewsPanel x={open.x} y={open.y} onClose={close}>
          <button
            type="button"
            className="its-btn its-btn--primary its-grid-views__save"
            onClick={() => {
              setOpen(null);
              setSaving({ view: null });
            }}
            data-testid="grid-view-save"
          >
            <Icon name="bookmark" size={16} />
            {intl.formatMessage(vm.saveCurrent)}
          </button>
          {list.isPending ? (
            <Spinner />
          ) : list.isError ? (
            <p className="its-grid-views__none" role="alert">
              {failure(list.error, intl.formatMessage(vm.loadFailed))}
            </p>
          ) : mine.length + shared.length === 0 ? (
            <p className="its-grid-views__none">{intl.formatMessage(vm.none)}</p>
          ) : (
            <>
              <ViewSection title={intl.formatMessage(vm.mine)} testId="grid-views-mine" views={mine} row={row} />
              <ViewSection title={intl.formatMessage(vm.shared)} testId="grid-views-shared" views={shared} row={row} />
            </>
          )}
        </ViewsPanel>
      )}
      {saving && (
        <SaveViewDialog
          grid={grid}
          view={saving.view}
          snapshot={snapshot}
          onClose={() => setSaving(null)}
          onSaved={(v) => {
            setSaving(null);
            setCurrent(v);
            refresh();
          }}
        />
      )}
      {mailing && <EmailViewDialog view={mailing} onClose={() => setMailing(null)} />}
    </>
  );
}

function ViewsPanel({ x, y, onClose, children }: { x: number; y: number; onClose: () => void; children: React.ReactNode }) {
  const intl = useIntl();
  const ref = useRef<HTMLDivElement>(null);
  const pos = useFloating(ref, x, y, 'button', onClose);
  return (
    <div ref={ref} className="its-grid-popover its-grid-views" role="dialog" aria-label={intl.formatMessage(vm.menu)} style={{ left: pos.left, top: pos.top }} data-testid="grid-views-menu">
      <h3 className="its-grid-filter__title">{intl.formatMessage(vm.menu)}</h3>
      {children}
    </div>
  );
}

function ViewSection({ title, testId, views, row }: { title: string; testId: string; views: SavedView[]; row: (v: SavedView) => React.ReactNode }) {
  if (views.length === 0) return null;
  return (
    <section aria-label={title}>
      <h4 className="its-grid-views__heading">{title}</h4>
      <ul className="its-grid-views__list" data-testid={testId}>
        {views.map(row)}
      </ul>
    </section>
  );
}

function IconButton({ icon, label, onClick, testId }: { icon: string; label: string; onClick: () => void; testId: string }) {
  return (
    <button type="button" className="its-grid-btn" aria-label={label} title={label} onClick={onClick} data-testid={testId}>
      <Icon name={icon} size={15} />
    </button>
  );
}

/**
 * Opens the view of the page's `?view=id` once the grid is ready and the user's own layout was
 * put back (the view's columns go over it); a view one may not open says why.
 */
function useViewLink(grid: string, ready: boolean, apply: (v: SavedView) => void) {
  const intl = useIntl();
  const [id] = useState(() => viewIdOf(window.location.search));
  const done = useRef(false);
  const layout = useQuery({ ...layoutQuery(grid), enabled: !!id });
  const view = useQuery({ queryKey: ['gridView', id], queryFn: ({ signal }) => viewsApi.get(id!, signal), enabled: !!id, retry: false, staleTime: Infinity });
  useEffect(() => {
    if (!id || done.current || !ready || layout.isPending) return;
    if (view.isError) {
      done.current = true;
      toast.error(intl.formatMessage(vm.linkFailed, { message: failure(view.error, intl.formatMessage(vm.failed)) }));
      return;
    }
    if (!view.data) return;
    const v = view.data;
    // After the layout's own restore (an effect of the same commit).
    const t = setTimeout(() => {
      done.current = true;
      apply(v);
    }, 0);
    return () => clearTimeout(t);
  }, [id, ready, layout.isPending, view.data, view.isError, view.error, apply, intl]);
}
