/**
 * The products remote's published contract, the browser twin of modules/products/api.go: what
 * other remotes may import of it at build time (`@its/remote-products/api`), and nothing else of
 * this remote. The product calls (streaming, groups, autocompletes, validation), the filter state
 * and the product query it makes, money and thumbnail cells, field names with the catalogs that
 * word them, and the icon set of the product and assortment screens. The catalog's screens (grid,
 * filter bar, viewer) stay this remote's, exposed to the others at run time (module federation).
 *
 * Each remote that imports it bundles its own copy, so it holds no state: plain functions, types,
 * message descriptors and components (a query key, if one is ever added here, is a constant, so
 * every copy names the same react-query cache entry).
 */
export * from './calls';
export * from './cells';
export * from './format';
export * from './messages';
export * from './query';
export { ProductIcon } from './icons';
/** The props of the components this remote exposes at run time (types only: no code of them). */
export type { CatalogGridProps, FilterBarProps, ProductPanelProps, ProductViewerProps, ViewerPanel, ViewerRow } from '../catalog/exposed';
import './cells.css';
