/**
 * The list grid's rows: an order list view's are the grid protocol's (one per order, read in
 * blocks by the grid kit); the sample styles view's are made here, one per line of each order.
 */
import type { GridRow } from '@its/grid';
import type { Order, OrderRef } from '../api';

/** The order of a list row, for the actions (open, duplicate, reactivate, delete); null for a row not read yet. */
export function orderRef(row: GridRow | null | undefined): OrderRef | null {
  if (!row || typeof row.orderNumber !== 'number' || typeof row.status !== 'string') return null;
  return { _id: row.id, orderNumber: row.orderNumber, status: row.status };
}

/** The sample styles view: each line of each order, with its order's number and requester. */
export function styleRows(orders: Order[]): GridRow[] {
  return orders.flatMap((o) =>
    (o.products ?? []).map((l) => ({
      ...l,
      id: `${o._id}:${l.id}`,
      version: l.version,
      orderNumber: o.orderNumber,
      requesterName: o.requesterName,
    })),
  );
}
