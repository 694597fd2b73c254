/**
 * The side panel showing a product while the user asks for it, following the focused row: the
 * product library and the assortment detail grid both use it.
 */
import { ModuleMessages, useSidePanel, type SidePanelControl } from '@its/kit';
import { loadGridMessages } from '@its/grid';
import { ProductPanel } from './ProductViewer';
import type { Product } from '../api';

/**
 * Keeps the side panel on `productId` (a style_color id) while it is open; `fallback` is shown
 * until the product is loaded. `title` is the caller's translated panel title.
 */
export function useProductPanel(productId: string, fallback: Partial<Product> | undefined, title: string): SidePanelControl {
  return useSidePanel(
    () =>
      productId
        ? {
            title,
            content: (
              <ModuleMessages load={loadGridMessages}>
                <ProductPanel key={productId} id={productId} fallback={fallback} />
              </ModuleMessages>
            ),
          }
        : null,
    [productId, fallback, title],
  );
}
