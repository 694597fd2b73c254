/**
 * The list grid's rows are the grid protocol's (one per order, or per order line in the sample
 * styles view), read in blocks by the grid kit; the actions read their order from a row.
 */
import type { GridRow } from '@its/grid';
import type { OrderRef } from '../api';

/** The order of a list row, for the actions (open, duplicate, reactivate, delete); null for a row not read yet. */
export function orderRef(row: GridRow | null | undefined): OrderRef | null {
  if (!row || typeof row.orderNumber !== 'number' || typeof row.status !== 'string') return null;
  return { _id: row.id, orderNumber: row.orderNumber, status: row.status };
}
