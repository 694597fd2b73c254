/** Money, percentages and dates as the product screens show them. */
import type { IntlShape } from 'react-intl';

export interface Currency {
  symbol: string;
  decimals: number;
}

export const USD: Currency = { symbol: '$', decimals: 2 };

/** A price in a location's currency: its symbol and its number of decimals (¥1,234 — $12.50). */
export function formatMoney(intl: Pick<IntlShape, 'formatNumber'>, value: unknown, currency: Currency = USD): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  const d = Math.max(0, Math.min(4, currency.decimals));
  return `${currency.symbol}${intl.formatNumber(n, { minimumFractionDigits: d, maximumFractionDigits: d })}`;
}

/** A percentage given in percent (12.5 → 12.5 %), two decimals at most. */
export function formatPercent(intl: Pick<IntlShape, 'formatNumber'>, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  return intl.formatNumber(n / 100, { style: 'percent', maximumFractionDigits: 2 });
}

/** A calendar day (YYYY-MM-DD) as MM/DD/YYYY, the grid's date format. */
export function formatDay(value: unknown): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return '';
  const [y, m, d] = value.slice(0, 10).split('-');
  return `${m}/${d}/${y}`;
}

/** The currency of a row: its first (the query's) location, else US dollars. */
export function rowCurrency(row: { locations?: Array<{ currencySymbol?: string; decimalPlaces?: number }> } | null | undefined): Currency {
  const l = row?.locations?.[0];
  return l?.currencySymbol ? { symbol: l.currencySymbol, decimals: l.decimalPlaces ?? 2 } : USD;
}
