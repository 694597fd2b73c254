/** A static assortment's own order of its rows, as its server reads them. */
import { keyOrder, type SortKey } from '@its/grid';

/**
 * A static assortment's rows in the server's order (modules/assortments staticRowsOrder: the
 * row's sort, the style's number, the colour; then the id): a product another user adds shows
 * where a reload would show it when the user sorted nothing. testdata/vectors/assortmentorder.json
 * (the server's answers) keeps it the server's.
 */
export const STATIC_ORDER = keyOrder([
  { field: 'sort', type: 'integer' },
  { field: 'styleNumeric', type: 'integer' },
  { field: 'color', type: 'text' },
]);
export const staticOrder = (sort: ReadonlyArray<Required<SortKey>>) => (sort.length ? null : STATIC_ORDER);
