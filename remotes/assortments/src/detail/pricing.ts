/**
 * The linked prices of an assortment row (spec §5.1), as the server computes them: net cost is
 * cost minus the discount amount, the discount is both a percentage of cost and an amount;
 * editing any of discountPercent, discountAmount, netCost or cost recalculates the other two.
 *
 * The grid shows this result at once while the edit waits to be sent; the server's answer (the
 * source of truth) then replaces it.
 */

import { Dec, decToNumber, parseDecimal, quotient } from '@its/grid';
import pricingFields from '../../../../modules/assortments/pricing_fields.json';

export interface Pricing {
  cost: number | null;
  netCost: number | null;
  discountPercent: number | null;
  discountAmount: number | null;
  suggestedRetail: number | null;
}

/** A field whose edit runs the pricing rules: a linked price, or the markup (which sets net cost). */
export type PricingField = keyof Pricing | 'initialMarkup';

/**
 * The pricing fields, in the order the server applies them when one update carries several: the
 * server's own list (modules/assortments/pricing_fields.json), not a copy of it.
 */
export const PRICING_FIELDS = pricingFields as readonly PricingField[];

export const isPricingField = (f: string): f is PricingField => (PRICING_FIELDS as readonly string[]).includes(f);

export type PricingError = 'negative' | 'discount' | 'netAboveCost' | 'markup';

/** v rounded half-up to places decimals on its decimal digits, as the server rounds money. */
export const round = (v: number, places: number) => decToNumber(new Dec(v), places);

const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : typeof v === 'string' ? parseDecimal(v) : undefined;
  return n !== undefined && Number.isFinite(n) ? n : null;
};

export function pricingOf(row: Record<string, unknown>): Pricing {
  return {
    cost: num(row.cost),
    netCost: num(row.netCost),
    discountPercent: num(row.discountPercent),
    discountAmount: num(row.discountAmount),
    suggestedRetail: num(row.suggestedRetail),
  };
}

const percentOfCost = (cost: number, pct: number, decimals: number) => decToNumber(new Dec(cost).times(pct).div(100), decimals);

function net(p: Pricing, decimals: number): number | null {
  if (p.cost === null) return null;
  const n = new Dec(p.cost).minus(p.discountAmount ?? 0);
  return n.isNegative() ? null : decToNumber(n, decimals);
}

function percentOf(p: Pricing, amount: number): number | null {
  if (p.cost === null || p.cost === 0) return null;
  const pct = quotient(new Dec(amount).times(100), new Dec(p.cost), 2);
  return pct > 100 ? null : pct;
}

/** Holds cost and derives the discount from a new net cost. */
function setNet(p: Pricing, q: Pricing, v: number | null, decimals: number): { pricing: Pricing; error?: PricingError } {
  q.netCost = v;
  if (v === null || q.cost === null) {
    q.discountAmount = null;
    q.discountPercent = null;
  } else if (v > q.cost) return { pricing: p, error: 'netAboveCost' };
  else {
    q.discountAmount = decToNumber(new Dec(q.cost).minus(v), decimals);
    q.discountPercent = percentOf(q, q.discountAmount);
  }
  return { pricing: q };
}

/** One field's new value (null clears it) and the linked values recalculated. */
export function editPricing(p: Pricing, field: PricingField, raw: number | null, decimals: number): { pricing: Pricing; error?: PricingError } {
  let v = raw;
  if (v !== null) {
    if (v < 0) return { pricing: p, error: 'negative' };
    v = field === 'discountPercent' || field === 'initialMarkup' ? round(v, 2) : round(v, decimals);
  }
  const q: Pricing = { ...p };
  switch (field) {
    case 'suggestedRetail':
      q.suggestedRetail = v;
      break;
    case 'cost':
      q.cost = v;
      if (q.cost === null) {
        q.discountAmount = null;
        q.netCost = null;
      } else if (q.discountPercent !== null) {
        q.discountAmount = percentOfCost(q.cost, q.discountPercent, decimals);
        q.netCost = net(q, decimals);
      } else if (q.discountAmount !== null) {
        q.discountPercent = percentOf(q, q.discountAmount);
        q.netCost = net(q, decimals);
      } else q.netCost = q.cost;
      break;
    case 'discountPercent':
      if (v !== null && v > 100) return { pricing: p, error: 'discount' };
      q.discountPercent = v;
      if (v === null) {
        q.discountAmount = null;
        q.netCost = q.cost;
      } else if (q.cost === null) {
        q.discountAmount = null;
        q.netCost = null;
      } else {
        q.discountAmount = percentOfCost(q.cost, v, decimals);
        q.netCost = net(q, decimals);
      }
      break;
    case 'discountAmount':
      q.discountAmount = v;
      if (v === null) {
        q.discountPercent = null;
        q.netCost = q.cost;
      } else if (q.cost === null) {
        q.discountPercent = null;
        q.netCost = null;
      } else {
        q.discountPercent = percentOf(q, v);
        q.netCost = net(q, decimals);
      }
      break;
    case 'netCost':
      return setNet(p, q, v, decimals);
    case 'initialMarkup': {
      // A markup sets the net cost that gives it at the suggested retail.
      if (q.suggestedRetail === null || q.suggestedRetail === 0) return { pricing: p, error: 'markup' };
      if (v === null) return setNet(p, q, null, decimals);
      const n = new Dec(q.suggestedRetail).times(new Dec(1).minus(new Dec(v).div(100)));
      return setNet(p, q, n.isNegative() ? null : decToNumber(n, decimals), decimals);
    }
  }
  return { pricing: q };
}

/** (suggested retail − net cost) / suggested retail, in percent; nothing without both. */
export function markup(p: Pricing): number | null {
  if (p.suggestedRetail === null || p.suggestedRetail === 0 || p.netCost === null) return null;
  const sr = new Dec(p.suggestedRetail);
  return quotient(sr.minus(p.netCost).times(100), sr, 2);
}

/**
 * What a row shows while its pricing edits wait: the confirmed row's prices with the edited
 * fields applied in the server's order; null when no pricing field was edited or a rule refuses.
 */
export function provisional(confirmed: Record<string, unknown>, edits: Partial<Record<PricingField, unknown>>, decimals: number): (Pricing & { initialMarkup: number | null }) | null {
  let p = pricingOf(confirmed);
  let any = false;
  for (const f of PRICING_FIELDS) {
    if (!(f in edits)) continue;
    any = true;
    const res = editPricing(p, f, num(edits[f]), decimals);
    if (res.error) return null;
    p = res.pricing;
  }
  return any ? { ...p, initialMarkup: markup(p) } : null;
}
