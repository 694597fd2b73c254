/**
 * The product query's order on the client (modules/products/query.go, orderBy): the sort keys the
 * grid's sorted columns map to (toQuerySort), each with empty values last, then the style's
 * number and the colour. A row another user added is placed by it among the rows read by
 * scrolling (GridSource.order). A location's value is the query's pricing location's own (the
 * row's one location, not the value lifted onto the row: a product's suggested retail stands in
 * for a location's missing one there, not in the sort).
 */
import { keyOrder, type ColumnType, type GridRow, type OrderKey, type RowCompare, type SortKey } from '@its/grid';
import { toQuerySort } from '../api';

/** The query's pricing location of a row: the only one the product query answers. */
const location = (r: GridRow): Record<string, unknown> | undefined => (r.locations as Array<Record<string, unknown>> | undefined)?.[0];

const own = (type: ColumnType) => ({ type });
const at = (field: string, type: ColumnType) => ({ type, value: (r: GridRow) => location(r)?.[field] });

/** Each sort key of the product query (query.go sortKeys) as the row holds its value. */
const KEYS: Record<string, Omit<OrderKey, 'field' | 'dir'>> = {
  styleNumeric: own('integer'),
  color: own('text'),
  name: own('text'),
  productType: own('text'),
  gender: own('text'),
  division: own('text'),
  pillar: own('text'),
  year: own('integer'),
  season: own('text'),
  quantity: own('integer'),
  quantityOnHand: own('integer'),
  availabilityDate: own('date'),
  'locations.wholesalePrice': at('wholesalePrice', 'number'),
  'locations.suggestedRetail': at('suggestedRetail', 'number'),
  'locations.totalInventory': at('totalInventory', 'integer'),
};

/** The ties of every order: style (its number), then colour. */
const TIES: OrderKey[] = [
  { field: 'styleNumeric', type: 'integer' },
  { field: 'color', type: 'text' },
];

/**
 * The catalog's order for the grid's sort (empty: the product query's own, style then colour);
 * null when a key it sorts by is not a value of the row.
 */
export function catalogOrder(sort: ReadonlyArray<Required<SortKey>>): RowCompare | null {
  const keys: OrderKey[] = [];
  for (const [key, dir] of Object.entries(toQuerySort([...sort]) ?? {})) {
    const k = KEYS[key];
    if (!k) return null;
    keys.push({ field: key, dir: dir < 0 ? 'desc' : 'asc', ...k });
  }
  return keyOrder([...keys, ...TIES]);
}
