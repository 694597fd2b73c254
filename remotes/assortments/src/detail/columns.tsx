/**
 * The detail grid's columns: the server's schema (GET /api/assortments/schema: the editable
 * fields of spec §3.1 with their §5.1 rules and the catalog's read-only values the rows carry),
 * in the order a buyer reads a line, with widths. The label column offers the assortment's labels.
 */
import type { IntlShape } from 'react-intl';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { type ColumnExtras, type GridColumn, type GridSchema } from '@its/grid';
import { ProductIcon, priceExtras, thumbExtras } from '@its/remote-products/api';
import type { Label } from '../api';

const ORDER = [
  'thumbnail',
  'style',
  'color',
  'name',
  'colorDescription',
  'label',
  'pillar',
  'cost',
  'discountPercent',
  'discountAmount',
  'netCost',
  'suggestedRetail',
  'initialMarkup',
  'quantity',
  'quantityOnHand',
  'sellThru',
  'styleNote',
  'colorNote',
  'collectionStyleNote',
  'collectionColorNote',
  'storeType',
  'division',
  'gender',
  'lineStatus',
  'totalInventory',
  'alerts',
];

const WIDTHS: Record<string, number> = {
  thumbnail: 72,
  style: 92,
  color: 84,
  label: 130,
  pillar: 116,
  cost: 96,
  discountPercent: 108,
  discountAmount: 150,
  netCost: 100,
  suggestedRetail: 132,
  quantity: 96,
  quantityOnHand: 96,
  styleNote: 180,
  colorNote: 160,
  collectionStyleNote: 190,
  collectionColorNote: 190,
  storeType: 120,
  name: 200,
  colorDescription: 150,
  division: 130,
  gender: 90,
  initialMarkup: 116,
  sellThru: 112,
  lineStatus: 100,
  totalInventory: 100,
  alerts: 200,
};

const HIDDEN = new Set(['sort', 'starred', 'selected', 'productId', 'isNew', 'printImage', 'displayGroup']);

/**
 * The detail grid's schema: the server's columns reordered, labels as a list, the catalog's
 * values added; the fields the org type hides (internal assortments) left out altogether.
 */
export function detailSchema(server: GridSchema, labels: Label[], hidden: readonly string[] = []): GridSchema {
  const gone = new Set(hidden);
  const byField = new Map(server.columns.filter((c) => !gone.has(c.field)).map((c) => [c.field, c]));
  const out: GridColumn[] = [];
  for (const f of ORDER) {
    const c = byField.get(f);
    if (c) {
      const col: GridColumn = { ...c, width: WIDTHS[f] ?? c.width, hide: c.hide };
      // The image is shown, not typed: a new row starts in its style cell.
      if (f === 'thumbnail') Object.assign(col, { editable: false, editableWhen: undefined });
      if (f === 'label') Object.assign(col, { type: 'list', validators: ['list'], options: labels.map((l) => l.name) });
      out.push(col);
    }
  }
  for (const c of byField.values()) if (!ORDER.includes(c.field)) out.push({ ...c, hide: true });
  return { ...server, columns: out.map((c) => (HIDDEN.has(c.field) ? { ...c, hide: true } : c)) };
}

export function LabelCell(props: CustomCellRendererProps & { labels: { current: Label[] } }) {
  const name = typeof props.value === 'string' ? props.value : '';
  if (!name) return null;
  const l = props.labels.current.find((x) => x.name === name);
  return (
    <span className="am-label" style={{ ['--label' as string]: l?.color ?? 'var(--its-text-3)' }}>
      <span className="am-label__dot" />
      {name}
    </span>
  );
}

/** The alert texts of a row, in the user's language (see alerts.ts). */
export type RowAlerts = { current: (row: Record<string, unknown>) => string[] };

export function AlertsCell(props: CustomCellRendererProps & { texts: RowAlerts }) {
  const row = props.data as Record<string, unknown> | undefined;
  const list = row && !row.__group ? props.texts.current(row) : [];
  if (!list.length) return null;
  return (
    <span className="am-alert-cell" title={list.join('\n')} data-testid="row-alert">
      <ProductIcon name="alert" size={15} />
      {list[0]}
      {list.length > 1 && ` +${list.length - 1}`}
    </span>
  );
}

export function detailExtras(intl: IntlShape, labels: { current: Label[] }, alerts: RowAlerts): ColumnExtras {
  return {
    thumbnail: { ...thumbExtras.thumbnail, pinned: 'left' },
    ...priceExtras(intl, ['cost', 'discountAmount', 'netCost', 'suggestedRetail'], ['discountPercent', 'initialMarkup', 'sellThru']),
    style: { pinned: 'left' },
    color: { pinned: 'left' },
    label: { cellRenderer: LabelCell, cellRendererParams: { labels } },
    alerts: { cellRenderer: AlertsCell, cellRendererParams: { texts: alerts }, cellDataType: false },
  };
}
