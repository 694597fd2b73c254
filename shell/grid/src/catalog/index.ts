/** The product pieces the product library and the assortment manager share (the catalog in
 * the grid, its filters, the product panel, style/colour autocompletes and streaming). */
export * from './api';
export * from './cells';
export * from './columns';
export * from './CatalogGrid';
export * from './FilterBar';
export * from './format';
export * from './messages';
export * from './ProductViewer';
export * from './query';
export * from './urlState';
export * from './useProductPanel';
export { ProductIcon } from './icons';
import './products.css';
