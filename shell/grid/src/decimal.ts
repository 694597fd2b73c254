/**
 * Decimal numbers the way people write them, exactly as the server's `core/num` handles them: a
 * number stands for its shortest decimal text (what was typed: 1.005, not 1.00499999999999989…),
 * and rounding is half-up, away from zero, on those decimal digits (1.005 → 1.01, -1.005 → -1.01).
 * Arithmetic on money goes through {@link Dec} so no binary fraction creeps in; the shared
 * vectors in testdata/vectors prove both sides agree.
 */
import Decimal from 'decimal.js';

/**
 * decimal.js with room for exact sums and products of any two doubles' shortest texts (each has
 * at most 17 significant digits), rounding half-up.
 */
export const Dec = Decimal.clone({ precision: 64, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -64, toExpPos: 64 });
export type Dec = InstanceType<typeof Dec>;

/** The nearest number to d rounded half-up to places decimals (never -0, as on the server). */
export function decToNumber(d: Dec, places: number): number {
  return d.toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toNumber() || 0;
}

/** n rounded half-up to places decimals; NaN and infinities are answered unchanged. */
export function roundHalfUp(n: number, places: number): number {
  if (!Number.isFinite(n)) return n;
  return decToNumber(new Dec(n), places);
}

/**
 * a / b rounded half-up to places decimals, exactly: the remainder decides, not a quotient cut
 * at some precision. b must not be zero.
 */
export function quotient(a: Dec, b: Dec, places: number): number {
  const n = a.times(new Dec(10).pow(places)).abs();
  const d = b.abs();
  let q = n.divToInt(d);
  if (n.minus(q.times(d)).times(2).gte(d)) q = q.plus(1);
  if (a.isNegative() !== b.isNegative()) q = q.neg();
  return q.div(new Dec(10).pow(places)).toNumber() || 0;
}

/** The only number notation cells accept: no hex, no Infinity or NaN, no digit separators. */
const PLAIN = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:e[+-]?[0-9]+)?$/i;

/** A plain decimal number (optional sign, point and exponent); undefined otherwise or beyond a double. */
export function parseDecimal(s: string): number | undefined {
  const t = s.trim();
  if (!PLAIN.test(t)) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}
