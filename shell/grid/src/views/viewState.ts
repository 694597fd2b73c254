/**
 * Saved views of a grid (docs/grid.md §9.3): what a view keeps of the grid on screen and how a
 * view is shown again. A view is its query (the filter builder's `where` tree, the sort, the
 * grouping and the page's own filters) and its layout (the columns in order with hides, widths
 * and pins, the row height); never rows: whoever opens it reads the rows under their own policy.
 */
import type { ColumnState } from 'ag-grid-community';
import { constants, enums } from '@its/kit';
import type { WhereNode } from '../filter/where';
import { ROW_HEIGHTS, layoutFromState, stateFromLayout, type GridLayout, type RowHeight } from '../layout/layout';
import type { SortKey } from '../types';

/** The grids the server keeps views of (the searches manifest's viewGrid enumeration), by layout key. */
export const VIEW_GRIDS: ReadonlySet<string> = new Set(enums.searches.viewGrids);

/** The longest name of a view (the server's rule). */
export const MAX_VIEW_NAME = constants.searches.maxViewName;

/** The view's query as kept: each part only when it says something. */
export interface ViewQuery {
  where?: WhereNode;
  sort?: Required<SortKey>[];
  groupBy?: string[];
  /** The page's own filters (its filter bar), when the page lends them to views. */
  filters?: Record<string, unknown>;
}

/** A view as the server answers it. */
export interface SavedView {
  _id: string;
  grid: string;
  name: string;
  query: ViewQuery;
  layout: GridLayout;
  ownerEmail: string;
  mine: boolean;
  /** The e-mails it is shared with (only its owner sees them). */
  sharedWith: string[];
  modifiedDate: string;
}

/** What a view is made of: the grid's state at the moment. */
export interface GridViewState {
  where: WhereNode | null;
  sort: Required<SortKey>[];
  groupBy: string | null;
  columns: ColumnState[];
  rowHeight: RowHeight;
  filters?: Record<string, unknown>;
}

/** The view of the grid's state: its query and layout as the server keeps them. */
export function viewOfGrid(s: GridViewState): { query: ViewQuery; layout: GridLayout } {
  const query: ViewQuery = {};
  if (s.where) query.where = s.where;
  if (s.sort.length) query.sort = s.sort.map(({ field, dir }) => ({ field, dir }));
  if (s.groupBy) query.groupBy = [s.groupBy];
  if (s.filters && Object.keys(s.filters).length) query.filters = s.filters;
  return { query, layout: layoutFromState(s.columns, s.rowHeight) };
}

/** What showing a view does to the grid. */
export interface ViewApplication {
  /** The column state to apply (applyOrder, the other columns unsorted). */
  columns: ColumnState[];
  where: WhereNode | null;
  groupBy: string | null;
  rowHeight: RowHeight;
  filters?: Record<string, unknown>;
}

const isRowHeight = (h: unknown): h is RowHeight => typeof h === 'string' && Object.prototype.hasOwnProperty.call(ROW_HEIGHTS, h);

/**
 * How a view shows over the grid's columns now: its layout (a column the grid no longer has is
 * skipped, a new one stays where it is), its sort on the columns it names (sorted in its order,
 * the others unsorted), its grouping when the grid still has the column.
 */
export function gridOfView(view: Pick<SavedView, 'query' | 'layout'>, current: ColumnState[], canGroup: (field: string) => boolean): ViewApplication {
  const q = view.query ?? {};
  const known = new Set(current.map((c) => c.colId));
  const layout: GridLayout = { columns: Array.isArray(view.layout?.columns) ? view.layout.columns : [] };
  const sorted = new Map<string, { dir: 'asc' | 'desc'; index: number }>();
  for (const k of Array.isArray(q.sort) ? q.sort : []) {
    if (!k || !known.has(k.field) || sorted.has(k.field) || (k.dir !== 'asc' && k.dir !== 'desc')) continue;
    sorted.set(k.field, { dir: k.dir, index: sorted.size });
  }
  const columns = stateFromLayout(layout, current).map((c): ColumnState => {
    const s = sorted.get(c.colId);
    return { ...c, sort: s ? s.dir : null, sortIndex: s ? s.index : null };
  });
  const group = Array.isArray(q.groupBy) ? q.groupBy[0] : undefined;
  const out: ViewApplication = {
    columns,
    where: q.where ?? null,
    groupBy: group && known.has(group) && canGroup(group) ? group : null,
    rowHeight: isRowHeight(view.layout?.rowHeight) ? view.layout.rowHeight : 'normal',
  };
  if (q.filters && typeof q.filters === 'object') out.filters = q.filters;
  return out;
}

/** What is wrong with a view's name, or null. */
export function nameProblem(name: string): 'empty' | 'tooLong' | null {
  const n = name.trim();
  if (!n) return 'empty';
  if ([...n].length > MAX_VIEW_NAME) return 'tooLong';
  return null;
}

/** The e-mails of a typed list (commas, semicolons, spaces), lower-cased, each once. */
export function emailList(text: string): string[] {
  const out: string[] = [];
  for (const a of text.split(/[\s,;]+/)) {
    const e = a.trim().toLowerCase();
    if (e && !out.includes(e)) out.push(e);
  }
  return out;
}

/** The page's address opening a view: `?view=id` beside the page's own parameters. */
export function viewLink(href: string, id: string): string {
  const u = new URL(href);
  u.searchParams.set('view', id);
  u.hash = '';
  return u.toString();
}

/** The view a page's address opens (`?view=id`), or null. */
export function viewIdOf(search: string): string | null {
  const id = new URLSearchParams(search).get('view');
  return id && /^[0-9a-f-]{36}$/i.test(id) ? id : null;
}

/** The app path of a view's link (for the share mail's `path`): path and query, no origin. */
export function viewPath(href: string, id: string): string {
  const u = new URL(viewLink(href, id));
  return `${u.pathname}${u.search}`;
}
