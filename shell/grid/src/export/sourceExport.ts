/**
 * The export of a grid fed by a page's own source (docs/grid.md §7): the page's filters are its
 * own query, not the grid protocol's, so the server gets the filter tree (`where`: the column
 * menu's and the filter builder's conditions, as the kit sends it) and, as `filters`, only the
 * page's part of the view that the export schema names;
 * the columns the server's export does not have (`skip`: a size matrix, a page-only cell) are
 * left out. Everything else (columns in their order, headers, sort, grouping) stays as the kit
 * sends it.
 */
import type { WhereNode } from '../filter/where';
import type { Filters } from '../types';

export interface SourceExportOptions {
  /** Columns the server's export does not know. */
  skip?: (field: string) => boolean;
  /** The page's own part of the view, in the export schema's filter shape. */
  filters?: Filters;
}

type ExportRequestHook = (body: Record<string, unknown>, where: WhereNode | null) => Record<string, unknown>;

export function sourceExport(options: SourceExportOptions = {}): ExportRequestHook {
  const { skip, filters } = options;
  return (body) => {
    const columns = Array.isArray(body.columns) ? (body.columns as Array<{ field: string }>) : [];
    return {
      ...body,
      columns: skip ? columns.filter((c) => !skip(c.field)) : columns,
      filters: { ...(filters ?? {}) },
    };
  };
}
