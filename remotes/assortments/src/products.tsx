/**
 * The product catalog's components this remote shows: the products remote exposes them (module
 * federation), the kit loads each when it first renders, with a placeholder meanwhile. The types
 * are the products remote's own (type-only imports, nothing of its code is bundled here).
 */
import { remoteComponent, useSidePanel, type SidePanelControl } from '@its/kit';
import type { Product } from '@its/grid';
import type { CatalogGridProps, FilterBarProps, ProductPanelProps, ProductViewerProps } from '../../products/src/catalog/exposed';

export type { ViewerPanel, ViewerRow } from '../../products/src/catalog/exposed';

export const CatalogGrid = remoteComponent<CatalogGridProps>('products', './CatalogGrid');
export const FilterBar = remoteComponent<FilterBarProps>('products', './FilterBar');
export const ProductViewer = remoteComponent<ProductViewerProps>('products', './ProductViewer');
const ProductPanel = remoteComponent<ProductPanelProps>('products', './ProductPanel');

/** The side panel on the product `productId` while it is open (`fallback` until it loads). */
export function useProductPanel(productId: string, fallback: Partial<Product> | undefined, title: string): SidePanelControl {
  return useSidePanel(() => (productId ? { title, content: <ProductPanel key={productId} id={productId} fallback={fallback} /> } : null), [productId, fallback, title]);
}
