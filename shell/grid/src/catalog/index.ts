/** The product data the grids of several remotes read: the product calls (streaming,
 * autocompletes, validation), the filter state and its query, money and thumbnail cells, field
 * names and the icon set. The catalog's screens (grid, filter bar, viewer) are the products
 * remote's, which exposes them to the others. */
export * from './api';
export * from './cells';
export * from './format';
export * from './messages';
export * from './query';
export { ProductIcon } from './icons';
import './cells.css';
