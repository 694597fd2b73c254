/** Cell renderers and value formats the product grids lay over the grid kit's columns. */
import type { ValueFormatterParams } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { IntlShape } from 'react-intl';
import type { ColumnContext, ColumnExtras } from '@its/grid';
import { formatMoney, formatPercent, rowCurrency } from './format';

/** The product image of a row (the rendered thumbnail, cached by the browser for a year). */
export function ThumbCell(props: CustomCellRendererProps) {
  const src = typeof props.value === 'string' ? props.value : '';
  if (!src || !props.data || (props.data as { __group?: unknown }).__group) return null;
  const alt = `${String((props.data as { style?: string }).style ?? '')} ${String((props.data as { color?: string }).color ?? '')}`.trim();
  return (
    <span className="pr-thumb">
      <img src={src} alt={alt} loading="lazy" width={40} height={30} />
    </span>
  );
}

/** Lays money and percentage formats, in the row's currency, over the named columns. */
export function priceExtras(intl: IntlShape, money: string[], percent: string[]): ColumnExtras {
  const out: ColumnExtras = {};
  const moneyFormat = (p: ValueFormatterParams) => formatMoney(intl, p.value, rowCurrency(p.data as never));
  const percentFormat = (p: ValueFormatterParams) => formatPercent(intl, p.value);
  // The Excel export writes the same formats (the rows' currency is the query's location's).
  const moneyContext: ColumnContext = {
    exportFormat: (row) => {
      const c = rowCurrency(row as never);
      return { kind: 'money', symbol: c.symbol, decimals: Math.max(0, Math.min(4, c.decimals)) };
    },
  };
  const percentContext: ColumnContext = { exportFormat: () => ({ kind: 'percent', decimals: 2 }) };
  for (const f of money) out[f] = { valueFormatter: moneyFormat, context: moneyContext };
  for (const f of percent) out[f] = { valueFormatter: percentFormat, context: percentContext };
  return out;
}

export const thumbExtras: ColumnExtras = {
  thumbnail: { cellRenderer: ThumbCell, cellClass: 'pr-thumb-cell' },
};
