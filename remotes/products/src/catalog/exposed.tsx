/**
 * What the products remote exposes to the other remotes (module federation `exposes`, one entry
 * per component, rendered with the kit's remoteComponent): each brings the catalog's texts and
 * styles with it, so it reads the same in the assortment manager, the showroom or a prototype.
 */
import { withModuleMessages } from '@its/kit';
import { loadGridMessages } from '@its/grid';
import { loadMessages } from '../messages';
import { CatalogGrid as Grid } from './CatalogGrid';
import { FilterBar as Bar } from './FilterBar';
import { ProductPanel as Panel, ProductViewer as Viewer } from './ProductViewer';
import './products.css';

export type { CatalogGridProps } from './CatalogGrid';
export type { FilterBarProps } from './FilterBar';
export type { ProductViewerProps, ViewerPanel, ViewerRow } from './ProductViewer';
export type ProductPanelProps = Parameters<typeof Panel>[0];

export const CatalogGrid = withModuleMessages(Grid, loadMessages);
export const FilterBar = withModuleMessages(Bar, loadMessages);
export const ProductViewer = withModuleMessages(Viewer, loadMessages);
/** The product in the side panel (the grid kit's texts too: the panel is outside any grid). */
export const ProductPanel = withModuleMessages(withModuleMessages(Panel, loadMessages), loadGridMessages);
