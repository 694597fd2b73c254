/** The orders module's server calls (docs/api.md "Orders") and the route meta of its screens. */
import { api, enums, liveTopics, type RouteMeta } from '@its/kit';
import type { BatchResult, GridEndpoints, GridRow, GridSchema, HistoryVia } from '@its/grid';

/** Platform spec §9: order batches wait 1,500 ms; 'Success' after a sample order update shows 2,000 ms. */
export const ORDER_BATCH_MS = 1500;
export const SUCCESS_TOAST_MS = 2000;

/** The route's {orderType} spelling of each area (product spec §2.1). */
export type Area = 'samples' | 'promos' | 'wholesale';
export const AREAS: readonly Area[] = ['samples', 'promos', 'wholesale'];
export type OrderKind = 'SAMPLE' | 'PROMO' | 'WHOLESALE';
export const KIND_OF: Record<Area, OrderKind> = { samples: 'SAMPLE', promos: 'PROMO', wholesale: 'WHOLESALE' };
export const AREA_OF: Record<OrderKind, Area> = { SAMPLE: 'samples', PROMO: 'promos', WHOLESALE: 'wholesale' };

/** The list views of each area, in tab order (product spec §2.1, §2.5). */
export const VIEWS: Record<Area, readonly string[]> = {
  samples: ['sample-styles', 'active-orders', 'archived-orders'],
  promos: ['needs-review', 'reviewed', 'archived'],
  wholesale: ['active', 'archived'],
};
/** The view a new or submitted order of the area lands in. */
export const ACTIVE_VIEW: Record<Area, string> = { samples: 'active-orders', promos: 'needs-review', wholesale: 'active' };

export const areaPath = (area: Area) => `/orders/${area}`;
export const viewPath = (area: Area, view: string) => `/orders/${area}/${view}`;
export const orderPath = (area: Area, id: string | number) => `/orders/${area}/order/${encodeURIComponent(String(id))}`;

/** The spec's route meta of an order screen, read from the registry route. */
export interface OrderRouteMeta {
  area: Area;
  subtype: string;
  allowCoordinatorChange: boolean;
  queryRequest: Record<string, unknown>;
}

export function orderMeta(meta: RouteMeta | undefined, fallbackArea: Area = 'samples'): OrderRouteMeta {
  const t = typeof meta?.orderType === 'string' ? meta.orderType : '';
  const area = (AREAS as readonly string[]).includes(t) ? (t as Area) : fallbackArea;
  const q = meta?.queryRequest;
  return {
    area,
    subtype: typeof meta?.orderSubtype === 'string' ? meta.orderSubtype : ACTIVE_VIEW[area],
    allowCoordinatorChange: meta?.allowCoordinatorChange === true,
    queryRequest: q && typeof q === 'object' ? (q as Record<string, unknown>) : {},
  };
}

export interface Availability {
  beginDate: string | null;
  endDate: string | null;
}

export interface Address {
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  zip?: string;
  country?: string;
}

export interface Customer {
  id?: string;
  name?: string;
  email?: string;
  region?: string;
  country?: string;
  currency?: string;
  account?: string;
  repNumber?: string;
  address?: Address;
  termsInfo?: { code: string; description: string } | null;
  terms?: Array<{ code: string; description: string }>;
}

/** How an order names its wholesale customer: the server reads the rest from the lookup. */
export interface CustomerRef {
  id: string;
  region: string;
  termsInfo?: { code: string };
}

export const customerRef = (c: Customer): CustomerRef => ({ id: c.id ?? '', region: c.region ?? '', ...(c.termsInfo?.code ? { termsInfo: { code: c.termsInfo.code } } : {}) });

export interface Order {
  _id: string;
  orderNumber: number;
  type: OrderKind;
  orderSubtype: string;
  status: string;
  orderApprovalStatus: string;
  purpose: string;
  productType: string;
  requesterCode: string;
  requesterName: string;
  coordinatorCode: string;
  approverCode: string;
  approverName: string;
  seniorApproverCode: string;
  seniorApproverName: string;
  customer: Customer | null;
  currency: string;
  region: string;
  origin: string;
  account: string;
  po: string;
  buyer: string;
  emailCC: string;
  instructions: string;
  phone: string;
  hardCopy: boolean;
  shippingMethod: string;
  deliveryMethod: string;
  reason: string;
  repNumber: string;
  repNumber2: string;
  comment: string;
  requestedDeliveryDate: string | null;
  availabilityDate: Availability;
  createdDate: string;
  modifiedDate: string;
  submittedDate: string | null;
  completedDate: string | null;
  version: number;
  productCount: number;
  products?: GridRow[];
  /** A wholesale order's totals per currency, rounded to the currency's decimals by the server. */
  totals?: OrderTotal[];
  /** A wholesale order's style/colours its region or origin does not sell. */
  unavailable?: UnavailableLine[];
  /** Wholesale: the sizes of the lines' size ranges, in size order (the matrix's columns). */
  sizeColumns?: string[];
  /** A new wholesale order: the first products left out, not sold at their line status. */
  skipped?: UnavailableLine[];
  /** Wholesale: the pack codes, so §5.2's rules run before a write. */
  packCodes?: PackCodeDef[];
}

/** A wholesale pack code: units per pack and the step of each size's units. */
export interface PackCodeDef {
  code: string;
  packSize: number;
  perSize: number;
}

export interface OrderTotal {
  currency: string;
  decimalPlaces: number;
  units: number;
  amount: number;
}

export interface UnavailableLine {
  style: string;
  color: string;
  reason: string;
  /** The origin's line status of a product left out for it. */
  lineStatus?: string;
}

/** What the list's actions need of an order: open and duplicate name it, delete checks its status. */
export type OrderRef = Pick<Order, '_id' | 'orderNumber' | 'status'>;

/** The order fields a create or a batch may set (docs/api.md). */
export interface OrderFields {
  purpose?: string;
  productType?: string;
  requesterName?: string;
  coordinatorCode?: string;
  approverCode?: string;
  seniorApproverCode?: string;
  customer?: CustomerRef | null;
  currency?: string;
  region?: string;
  origin?: string;
  account?: string;
  po?: string;
  buyer?: string;
  emailCC?: string;
  instructions?: string;
  phone?: string;
  hardCopy?: boolean;
  shippingMethod?: string;
  deliveryMethod?: string;
  reason?: string;
  repNumber?: string;
  repNumber2?: string;
  requestedDeliveryDate?: string;
  availabilityDate?: Availability;
}

export interface AddProduct {
  tempId: string;
  style: string;
  color: string;
  values?: Record<string, unknown>;
}

export interface OrderBatch {
  version?: number;
  updateProducts?: Array<{ id: string; version: number; changes: Record<string, unknown> }>;
  addProducts?: AddProduct[];
  dropProducts?: Array<{ id: string; version: number }>;
  status?: Array<{ id: string; version: number; status: string }>;
  submit?: boolean;
  markCompleted?: boolean;
  fields?: OrderFields;
  /** How the lines' changes were made, for their cell history (edit when left out). */
  via?: HistoryVia;
}

/** A cell the server cleared instead of refusing the batch (a §5.2 warning). */
export interface BatchWarning {
  id?: string;
  tempId?: string;
  field: string;
  rule: string;
  message: string;
  /** The value the message names (a pack code). */
  value?: string;
}

export type OrderBatchResult = BatchResult & { order: Order; warnings?: BatchWarning[] };

export interface Assignment {
  _id: string;
  coordinatorCode: string;
  name: string;
  lastName: string;
  email: string;
  version: number;
}

const base = (area: Area, subtype: string) => `/orders/${area}/${encodeURIComponent(subtype)}`;

/**
 * A list view's grid protocol calls (?viewAs= the coordinator it is viewed as): its rows read in
 * blocks as the user scrolls, sorted and filtered on the server (docs/grid.md §3.8), the footer's
 * figures of the whole view, and its export as xlsx or csv.
 */
export function listEndpoints(area: Area, view: string, viewAs?: string): Partial<GridEndpoints> {
  const q = viewAs ? `?viewAs=${encodeURIComponent(viewAs)}` : '';
  const b = base(area, view);
  return { query: `${b}/rows${q}`, summary: `${b}/summary${q}`, groups: `${b}/groups${q}`, export: `${b}/export/xlsx${q}`, exportCsv: `${b}/export/csv${q}` };
}

/** The column schema of the list views (page size, filter operators, sortable columns). */
export const fetchListSchema = (area: Area, view: string, signal?: AbortSignal) => api.get<GridSchema>(`${base(area, view)}/schema`, { signal });

/** The export of an order's lines, as xlsx or csv. */
export const lineExportEndpoints = (area: Area, id: string) => ({
  export: `${base(area, 'order')}/export/xlsx/${encodeURIComponent(id)}`,
  exportCsv: `${base(area, 'order')}/export/csv/${encodeURIComponent(id)}`,
});

/**
 * One order with its lines, by id or by number (the detail links use either); with a size (the
 * detail grid's size filter, spec §5.3) only the lines of that size, the rest of the order whole.
 */
export function getOrder(area: Area, idOrNumber: string, signal?: AbortSignal, size?: string): Promise<Order> {
  const body = /^\d+$/.test(idOrNumber) ? { orderNumber: Number(idOrNumber) } : { orderId: idOrNumber };
  return api.post<Order>(`${base(area, 'order')}/query`, size ? { ...body, size } : body, { signal });
}

export const createOrder = (area: Area, subtype: string, body: OrderFields & { products?: AddProduct[] }) => api.post<Order>(base(area, subtype), body);
export const duplicateOrder = (area: Area, subtype: string, id: string) => api.post<Order>(`${base(area, subtype)}/duplicate/${encodeURIComponent(id)}`);
export const deleteOrder = (area: Area, subtype: string, id: string) => api.delete<{ _id: string }>(`${base(area, subtype)}/${encodeURIComponent(id)}`);
export const batchOrder = (area: Area, id: string, body: OrderBatch) => api.patch<OrderBatchResult>(`${base(area, 'order')}/batch/${encodeURIComponent(id)}`, body);
export const commentOrder = (area: Area, id: string, comment: string, version: number) =>
  api.post<Order>(`${base(area, 'order')}/comment/${encodeURIComponent(id)}`, { comment, version });

/** A user who may be named a promo order's approver or senior approver. */
export interface Approver {
  code: string;
  name: string;
}
/** The roles whose holders the approver pickers offer (the orders manifest's approverRole enum). */
export const APPROVER_ROLES = enums.orders.approverRoles;
export type ApproverRole = (typeof APPROVER_ROLES)[number];
/** The users holding role of promo orders, by name, without the caller (who cannot approve their own order). */
export const listApprovers = (area: Area, subtype: string, role: ApproverRole, signal?: AbortSignal) =>
  api.get<Approver[]>(`${base(area, subtype)}/approvers/${role}`, { signal, silent: true });
export const listAssignments = (signal?: AbortSignal) => api.get<Assignment[]>('/coordinatorAssignments', { signal });

/** The coordinator assignments grid as xlsx or csv, as the page shows it. */
export const ASSIGNMENT_EXPORT = { export: '/coordinatorAssignments/export/xlsx', exportCsv: '/coordinatorAssignments/export/csv' } as const;
/** The coordinator assignments' live topic: every write of an assignment names it there. */
export const ASSIGNMENTS_TOPIC = liveTopics.orders.coordinatorAssignments;
/** The assignments on the grid protocol's query: the rows the live topic names, read again by id. */
export const ASSIGNMENT_ROWS = { query: '/coordinatorAssignments/rows' } as const;
/**
 * Every assignment as grid rows, on the same query the live re-reads use (one read path, one row
 * shape): pages of `limit` rows, each continuing on the last one's cursor.
 */
export async function assignmentRows(limit: number, signal?: AbortSignal): Promise<GridRow[]> {
  const out: GridRow[] = [];
  let cursor: string | null = null;
  do {
    const page: { rows: GridRow[]; nextCursor: string | null } = await api.post(ASSIGNMENT_ROWS.query, { limit, ...(cursor ? { cursor } : {}) }, { signal });
    out.push(...page.rows);
    cursor = page.rows.length ? page.nextCursor : null;
  } while (cursor);
  return out;
}
export const createAssignment = (a: Omit<Assignment, '_id' | 'version'>) => api.post<Assignment>('/coordinatorAssignments', a);
export const patchAssignment = (id: string, a: Partial<Omit<Assignment, '_id'>> & { version: number }) => api.patch<Assignment>(`/coordinatorAssignments/${encodeURIComponent(id)}`, a);
export const deleteAssignment = (id: string) => api.delete<{ _id: string }>(`/coordinatorAssignments/${encodeURIComponent(id)}`);

export const customerDetails = (body: { email: string; region: string; id: string }) => api.post<Customer>('/orders/wof/customer/details', body);
export interface Rep {
  repNumber: string;
  name: string;
  email: string;
  region: string;
}
/** POST orders/wof/rep: whether a rep number names an active rep (a malformed one is refused). */
export const validateRep = (repNumber: string, signal?: AbortSignal) => api.post<{ valid: boolean; rep: Rep | null }>('/orders/wof/rep', { repNumber }, { signal });
export const customerAutocomplete = (name: string, region: string, signal?: AbortSignal) =>
  api.post<Customer[]>('/orders/wof/customer/name/autocomplete', { name, region }, { signal });

export interface WofColor {
  color: string;
  colorDescription: string;
  lineStatus: string;
  sizeRange: string;
  wholesalePrice: number | null;
  suggestedRetail: number | null;
}
export interface WofStyle {
  style: string;
  name: string;
  /** The picture of the style's first colour offered. */
  thumbnail?: string;
  currency: string;
  decimalPlaces: number;
  colors: WofColor[];
}

/** The wholesale styles of a region starting with `style`, priced at the origin (Europe is EU). */
export const wofStyleAutocomplete = (region: string, origin: string, customer: string, style: string, signal?: AbortSignal) =>
  api.get<WofStyle[]>(`/orders/wof/style/autocomplete/${[region, origin, customer, style].map(encodeURIComponent).join('/')}`, { signal });
