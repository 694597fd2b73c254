/** The product catalog's screens: the catalog in the grid, its filter bar, the product viewer
 * and side panel, the filters in the address. Other remotes show them through ./exposed. */
export * from './CatalogGrid';
export * from './columns';
export * from './FilterBar';
export * from './gridWhere';
export * from './ProductViewer';
export * from './urlState';
export * from './useProductPanel';
import './products.css';
