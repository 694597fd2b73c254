/** The product pieces the assortment manager shares with the product library. */
export * from './api';
export * from './cells';
export * from './columns';
export * from './CatalogGrid';
export * from './FilterBar';
export * from './format';
export * from './messages';
export * from './ProductPanel';
export * from './query';
export * from './urlState';
export * from './useProductPanel';
export { ProductIcon } from './icons';
import './products.css';
