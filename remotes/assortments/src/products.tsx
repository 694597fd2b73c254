/**
 * The product catalog's components this remote shows: the products remote exposes them (module
 * federation), the kit loads each when it first renders, with a placeholder meanwhile. The types
 * are the products remote's own (type-only imports of its published api).
 */
import { remoteComponent, useSidePanel, type SidePanelControl } from '@its/kit';
import type { CatalogGridProps, FilterBarProps, Product, ProductPanelProps, ProductViewerProps } from '@its/remote-products/api';

export type { ViewerPanel, ViewerRow } from '@its/remote-products/api';

export const CatalogGrid = remoteComponent<CatalogGridProps>('products', './CatalogGrid');
export const FilterBar = remoteComponent<FilterBarProps>('products', './FilterBar');
export const ProductViewer = remoteComponent<ProductViewerProps>('products', './ProductViewer');
const ProductPanel = remoteComponent<ProductPanelProps>('products', './ProductPanel');

/** The side panel on the product `productId` while it is open (`fallback` until it loads). */
export function useProductPanel(productId: string, fallback: Partial<Product> | undefined, title: string): SidePanelControl {
  return useSidePanel(() => (productId ? { title, content: <ProductPanel key={productId} id={productId} fallback={fallback} /> } : null), [productId, fallback, title]);
}
