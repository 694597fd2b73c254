/**
 * The catalog grid's columns. The catalog has no grid schema on the server (it is read-only), so
 * the schema is built here in the grid kit's shape; location values (the query's pricing
 * location) are lifted onto the row so that they sort and copy like any other cell.
 */
import type { GridColumn, GridRow, GridSchema } from '@its/grid';
import { FILTER_OPTIONS, type Product, type FilterKey } from '../api';

type Col = Pick<GridColumn, 'field'> & Partial<Pick<GridColumn, 'type' | 'width' | 'hide' | 'sortable' | 'footerFigure'>>;

const CATALOG_COLUMNS: Col[] = [
  { field: 'thumbnail', width: 64, sortable: false },
  // The style/colour: hidden, a field of the filter tree (the bar's colour picks).
  { field: 'id', width: 120, hide: true, sortable: false },
  { field: 'style', width: 96 },
  { field: 'color', width: 84 },
  { field: 'name', width: 210 },
  { field: 'colorDescription', width: 150 },
  { field: 'division', width: 130 },
  { field: 'gender', width: 104 },
  { field: 'productType', width: 110 },
  { field: 'season', width: 80 },
  { field: 'year', type: 'integer', width: 74, footerFigure: 'unique' },
  { field: 'channel', width: 100 },
  { field: 'region', width: 110 },
  { field: 'wholesalePrice', type: 'number', width: 110 },
  { field: 'suggestedRetail', type: 'number', width: 130 },
  { field: 'markupPercent', type: 'number', width: 100 },
  { field: 'lineStatus', width: 96 },
  { field: 'totalInventory', type: 'integer', width: 100 },
  { field: 'pillar', width: 110 },
  { field: 'lifeCycle', width: 104 },
  { field: 'availabilityDate', type: 'date', width: 128 },
];

/**
 * Columns of the product query's search conditions (docs/api products): "Filter by this column"
 * offers "is any of" there.
 */
export const CATALOG_FILTERS = ['style', 'color', 'division', 'gender', 'productType', 'season', 'year', 'channel', 'region', 'pillar', 'lifeCycle'];

/**
 * Every column the product query's `where` takes (modules/products/where.go whereColumns): the
 * filter builder offers them, the column menu those not in CATALOG_FILTERS with their type's operators.
 */
export const CATALOG_WHERE = [...CATALOG_FILTERS, 'id', 'name', 'colorDescription', 'availabilityDate', 'wholesalePrice', 'suggestedRetail', 'totalInventory', 'lineStatus'];

export function catalogColumns(): GridColumn[] {
  return CATALOG_COLUMNS.map((c) => ({
    field: c.field,
    headerName: c.field,
    type: c.type ?? 'text',
    editable: false,
    validators: [],
    sortable: c.sortable ?? true,
    ...(CATALOG_FILTERS.includes(c.field) ? { filterable: true, filterOps: ['in' as const] } : { filterable: CATALOG_WHERE.includes(c.field) }),
    ...(c.field in FILTER_OPTIONS ? { options: FILTER_OPTIONS[c.field as FilterKey] } : {}),
    width: c.width,
    hide: c.hide,
    ...(c.footerFigure ? { footerFigure: c.footerFigure } : {}),
  }));
}

/** The grid kit's schema for read-only product rows. */
export function catalogSchema(grid: string, columns: GridColumn[] = catalogColumns()): GridSchema {
  return { grid, idField: 'id', versionField: 'version', pageSize: 100, maxLimit: 1000, maxBatch: 1000, columns, messages: {} };
}

/** A catalog row with the values of its pricing location lifted onto it. */
export function liftLocation(p: GridRow): GridRow {
  const l = (p as Product).locations?.[0];
  if (!l) return p;
  return {
    ...p,
    wholesalePrice: l.wholesalePrice,
    suggestedRetail: l.suggestedRetail ?? (p as Product).suggestedRetail,
    markupPercent: l.markupPercent,
    lineStatus: l.lineStatus,
    totalInventory: l.totalInventory,
    sizeRange: l.sizeRange,
  };
}
