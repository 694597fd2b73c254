/** Orders as the list grid's rows: one row per order, or per line in the sample styles view. */
import type { GridRow } from '@its/grid';
import type { Order } from '../api';

/** An order's row: its list fields, the customer's name, and the order itself for the actions. */
export function orderRows(orders: Order[]): GridRow[] {
  return orders.map((o) => ({
    id: o._id,
    version: o.version,
    orderNumber: o.orderNumber,
    status: o.status,
    orderApprovalStatus: o.orderApprovalStatus,
    approverName: o.approverName,
    seniorApproverName: o.seniorApproverName,
    customerName: o.customer?.name ?? '',
    po: o.po,
    currency: o.currency,
    requesterName: o.requesterName,
    coordinatorCode: o.coordinatorCode,
    purpose: o.purpose,
    productType: o.productType,
    productCount: o.productCount,
    createdDate: o.createdDate,
    submittedDate: o.submittedDate,
    order: o,
  }));
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
      order: o,
    })),
  );
}
