/**
 * The detail grid's reads and writes: rows from POST /api/{org}/products/query (pages of 1,000
 * until the last), and the grid kit's batches as assortment product batches of the same org type.
 */
import { type BatchInfo, type BatchRequest, type BatchResult, type GridRow, type RowSink } from '@its/grid';
import { liveTopics } from '@its/kit';
import { QUERY_LIMIT, streamProducts } from '@its/remote-products/api';
import { batchAssortment, type Assortment, type AssortmentBatch, type AssortmentBatchResult, type OrgBase } from '../api';

/** The search conditions of a size (the detail grid's size filter): the products stocked in it at the assortment's location. */
export const sizeConditions = (size: string | undefined): Record<string, string[]> | undefined => (size ? { 'locations.availability.size': [size] } : undefined);

/**
 * Every row of an assortment (static: all of them; dynamic: the first 1,000 of its query), or
 * those the conditions keep.
 */
export async function loadRows(
  assortmentId: string,
  dynamic: boolean,
  signal: AbortSignal,
  sink: RowSink,
  org: OrgBase = 'assortments',
  conditions?: Record<string, string[]>,
): Promise<void> {
  let skip = 0;
  for (;;) {
    let total = 0;
    let got = 0;
    await streamProducts(`/${org}/products/query`, { assortmentId, skip, limit: QUERY_LIMIT, ...(conditions ? { conditions } : {}) }, signal, {
      total: (n) => {
        total = n;
        if (skip === 0) sink.total(dynamic ? Math.min(n, QUERY_LIMIT) : n);
      },
      rows: (rows) => {
        got += rows.length;
        sink.rows(rows);
      },
    });
    skip += got;
    if (dynamic || got < QUERY_LIMIT || skip >= total) return;
  }
}

/** The rows of these ids as the user may read them (a live event's rows, read again). */
export async function readRows(assortmentId: string, ids: string[], signal: AbortSignal, org: OrgBase = 'assortments'): Promise<GridRow[]> {
  const out: GridRow[] = [];
  for (let i = 0; i < ids.length; i += QUERY_LIMIT) {
    const chunk = ids.slice(i, i + QUERY_LIMIT);
    await streamProducts(`/${org}/products/query`, { assortmentId, ids: chunk, limit: chunk.length }, signal, { total: () => undefined, rows: (rows) => out.push(...rows) });
  }
  return out;
}

/**
 * The live topic of an assortment's rows: a static assortment's batches name their rows; a
 * dynamic one's filters or settings changed tell its grids to read their rows again (reload).
 */
export const liveTopic = (assortmentId: string, org: OrgBase): string =>
  org === 'assortments' ? liveTopics.assortments.assortment(assortmentId) : liveTopics.internalassortments.internalAssortment(assortmentId);

/** A grid batch (docs/grid.md §5) in the assortment's terms (a paste says so, for the cell history). */
export function toAssortmentBatch(req: BatchRequest, info?: BatchInfo): AssortmentBatch {
  const out: AssortmentBatch = info?.via ? { via: info.via } : {};
  if (req.update?.length) out.updateProducts = req.update.map((u) => ({ id: u.id, version: u.version, changes: u.changes }));
  if (req.delete?.length) out.deleteProducts = req.delete.map((d) => ({ id: d.id, version: d.version }));
  if (req.add?.length) {
    out.addProducts = req.add.map((a) => {
      const { style, color, ...values } = a.values;
      return { tempId: a.tempId, style: String(style ?? ''), color: String(color ?? ''), isNew: true, values };
    });
    out.source = 'style';
  }
  return out;
}

/** The assortment's answer as the grid kit's: updated rows (propagated colours too), added, deleted. */
export function fromAssortmentBatch(res: AssortmentBatchResult, rowOf: (id: string) => GridRow | undefined): BatchResult {
  const added: BatchResult['added'] = [];
  const byId = new Map(res.rows.map((r) => [r.id, r]));
  for (const [tempId, id] of Object.entries(res.tempIds ?? {})) {
    const row = byId.get(id);
    if (row) added.push({ tempId, row });
  }
  const addedIds = new Set(added.map((a) => a.row.id));
  const updated = res.rows.filter((r) => !addedIds.has(r.id));
  const deleted = (res.deletedIds ?? []).map((id) => rowOf(id) ?? ({ id, version: 0 } as GridRow));
  return { updated, added, deleted };
}

export async function sendBatch(
  assortmentId: string,
  req: BatchRequest,
  rowOf: (id: string) => GridRow | undefined,
  onAssortment: (a: Assortment) => void,
  org: OrgBase = 'assortments',
  info?: BatchInfo,
): Promise<BatchResult> {
  const res = await batchAssortment(assortmentId, toAssortmentBatch(req, info), org);
  if (res.assortment) onAssortment(res.assortment);
  return fromAssortmentBatch(res, rowOf);
}
