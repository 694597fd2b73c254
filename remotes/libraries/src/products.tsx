/**
 * The product viewer of the products remote, which exposes it (module federation): the kit loads
 * it when it first renders, with a placeholder meanwhile. The props are the products remote's
 * own type (a type-only import of its published api).
 */
import { remoteComponent } from '@its/kit';
import type { ProductViewerProps } from '@its/remote-products/api';

export const ProductViewer = remoteComponent<ProductViewerProps>('products', './ProductViewer');
