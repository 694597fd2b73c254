/**
 * The promo order lists' filter bar (product spec §2.6 "filter bars: promo orders"): status,
 * requester, coordinator, division (product type) and the dates the orders were created, as the
 * list grid's filters (run on the server, docs/grid.md §3.3).
 */
import { parseDate, type DateValue } from '@its/kit';
import type { Filters } from '@its/grid';

export interface PromoFilterState {
  status: string;
  requester: string;
  coordinator: string;
  productType: string;
  created: DateValue;
}

export const emptyPromoFilters: PromoFilterState = { status: '', requester: '', coordinator: '', productType: '', created: null };

/** The statuses each promo list view shows (modules/orders/model.go viewOf). */
const VIEW_STATUSES: Record<string, string[]> = {
  'needs-review': ['DRAFT', 'REQUIRES APPROVER', 'REQUIRES SENIOR'],
  reviewed: ['REVIEW COMPLETE', 'PROCESSED', 'FINALIZED'],
  archived: ['COMPLETED', 'CANCELED', 'ARCHIVED', 'INACTIVE', 'UNAPPROVED ORDER'],
};

export const promoStatuses = (view: string): string[] => VIEW_STATUSES[view] ?? [];

/** The divisions a promo order is of. */
export const PROMO_PRODUCT_TYPES = ['Footwear', 'Apparel', 'POP'];

/** The start of a day (local midnight) as the RFC 3339 instant the created timestamps compare to. */
function startOf(day: string, plusDays = 0): string {
  const d = parseDate(day)!;
  d.setDate(d.getDate() + plusDays);
  return d.toISOString();
}

/** The grid filters of the bar: the values set, text trimmed; a range only when complete. */
export function promoFilters(s: PromoFilterState): Filters {
  const f: Filters = {};
  if (s.status) f.status = [s.status];
  if (s.requester.trim()) f.requesterName = { contains: s.requester.trim() };
  if (s.coordinator.trim()) f.coordinatorCode = { contains: s.coordinator.trim() };
  if (s.productType) f.productType = [s.productType];
  if (Array.isArray(s.created) && s.created.length === 2 && parseDate(s.created[0]) && parseDate(s.created[1])) {
    f.createdDate = { gte: startOf(s.created[0]!), lt: startOf(s.created[1]!, 1) };
  }
  return f;
}

/** How many filters of the bar are set. */
export const promoFilterCount = (s: PromoFilterState): number => Object.keys(promoFilters(s)).length;
