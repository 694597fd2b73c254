/**
 * The assortment list read by scrolling (issue 18, docs/grid.md §3.8): a flat view (quick
 * access, recent, starred, scheduled, the top level of all and archived, search results) is
 * read in blocks of the manifest's listBlock through `POST /assortments/query/{view}`, sorted and filtered on
 * the server, each block on the nearest cursor before it. A tree with a folder open is read
 * whole: its top level through the same call, maxListPage at a time, and each open
 * folder's content below its folder (listAssortments) (block positions cannot hold rows inserted under a folder,
 * as the kit reads a grouped view whole).
 */
import { api, constants } from '@its/kit';
import { CursorBook, protocolOrder, type GridLoadQuery, type SourceOrder } from '@its/grid';
import type { Assortment, View } from '../api';

/** Rows per block of a list read by scrolling (spec §9: a grid load is 100 rows). */
export const LIST_BLOCK = constants.assortments.listBlock;
/** Rows per call when a list is read whole (the server's largest page). */
export const LIST_WHOLE_PAGE = constants.assortments.maxListPage;

/** An entry of a block: the assortment with the grid row's id and its folders' path. */
export type ListEntry = Assortment & { id: string; path: string };

export interface ListQueryPage {
  rows: ListEntry[];
  totalCount: number;
  nextCursor: string | null;
}

/** Posts one query of a view (the server call, or a test's). */
export type PostQuery = (view: View, body: Record<string, unknown>, signal: AbortSignal) => Promise<ListQueryPage>;

export const postQuery: PostQuery = (view, body, signal) => api.post<ListQueryPage>(`/assortments/query/${view}`, body, { signal, silent: true });

/** The query of a view: the search box as the title filter, the grid's filter tree and sort. */
export function queryBody(q: Pick<GridLoadQuery, 'sort' | 'where'>, search: string): Record<string, unknown> {
  return {
    ...(search ? { filters: { title: { contains: search } } } : {}),
    ...(q.where ? { where: q.where } : {}),
    ...(q.sort.length ? { sort: q.sort } : {}),
  };
}

/**
 * A view's order when the user sorted no column: the server's (modules/assortments viewSort, else
 * the list grid's default sort, type then title), then the id, as the grid protocol sorts.
 * testdata/vectors/assortmentorder.json (each view's entries as the server answers them) keeps
 * them the server's.
 */
const VIEW_SORT: Partial<Record<View, GridLoadQuery['sort']>> = {
  recent: [{ field: 'modifiedDate', dir: 'desc' }],
  'quick-access': [{ field: 'modifiedDate', dir: 'desc' }],
  scheduled: [{ field: 'scheduledDate', dir: 'asc' }],
};
const LIST_SORT: GridLoadQuery['sort'] = [
  { field: 'type', dir: 'asc' },
  { field: 'title', dir: 'asc' },
];

/** The server's order of a view read in blocks (GridSource.order): an entry another tab or user adds lands where the server puts it. */
export const listOrder = (view: View): SourceOrder => protocolOrder(VIEW_SORT[view] ?? LIST_SORT);

/** Reads blocks of one view after another, continuing on the cursors of the blocks read. */
export class ListBlocks {
  private readonly book = new CursorBook();

  constructor(private readonly post: PostQuery = postQuery) {}

  /** The block of `limit` rows at `skip` of the view. */
  async block(view: View, q: Pick<GridLoadQuery, 'sort' | 'where' | 'skip' | 'probe'> & { limit: number }, search: string, signal: AbortSignal): Promise<ListQueryPage> {
    const body = queryBody(q, search);
    this.book.use(JSON.stringify([view, body]));
    const start = this.book.start(q.skip, q.probe);
    const page = await this.post(view, { ...body, limit: q.limit, ...(start.cursor ? { cursor: start.cursor } : {}), ...(start.skip ? { skip: start.skip } : {}) }, signal);
    this.book.record(q.skip, page.rows.length, page.nextCursor, q.probe);
    return page;
  }
}

/** Every entry of a view's query, LIST_WHOLE_PAGE at a time on the cursors. */
export async function readWhole(view: View, q: Pick<GridLoadQuery, 'sort' | 'where'>, search: string, signal: AbortSignal, post: PostQuery = postQuery): Promise<ListEntry[]> {
  const body = queryBody(q, search);
  const out: ListEntry[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page: ListQueryPage = await post(view, { ...body, limit: LIST_WHOLE_PAGE, ...(cursor ? { cursor } : {}) }, signal);
    out.push(...page.rows);
    cursor = page.nextCursor;
    if (!cursor || page.rows.length === 0) return out;
  }
}
