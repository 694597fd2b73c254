/**
 * A grid row's cell history (server: core/grid's History through the owning module's route,
 * `GET …/rows/{rowId}/history`): each change of a cell with who, when, the old and new value and
 * how it was made.
 */
import { api, enums } from '@its/kit';

/** How a cell's change was made (the via enum of core/grid/grid.yaml, the server's grid.Vias). */
export type HistoryVia = (typeof enums.grid.vias)[number];

/** One change of a cell of a row: who, when, the old and new value, how (the cells one write changed share its id). */
export interface HistoryEntry {
  id: number;
  rowId: string;
  field: string;
  old: unknown;
  new: unknown;
  actorId: string | null;
  actorName: string;
  via: HistoryVia;
  at: string;
}

/** A page of a row's history, newest first; next is the before= of the older page (null: none). */
export interface RowHistoryPage {
  entries: HistoryEntry[];
  next: number | null;
}

/** Every history query of one row's route starts with this key (a revert invalidates them all). */
export const rowHistoryPrefix = (url: string) => ['rowHistory', url];
export const rowHistoryKey = (url: string, field: string | null) => [...rowHistoryPrefix(url), field ?? ''];

/** A row's cell history at url (one field, or all when field is null), newest first. */
export const rowHistory = (url: string, field: string | null, signal?: AbortSignal) => api.get<RowHistoryPage>(url, { signal, query: { field: field ?? undefined } });
