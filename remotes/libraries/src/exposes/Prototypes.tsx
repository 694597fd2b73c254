import { PrototypesPage } from '../prototypes/PrototypesPage';
import { libraryPage } from './page';
import { withModuleMessages } from '@its/kit';
import { loadGridMessages } from '@its/grid';

/** /prototypes/{dragdrop, previewer, category-select, product-detail}: the product viewer's texts are the grid kit's. */
export default withModuleMessages(libraryPage(PrototypesPage), loadGridMessages);
