import { PrototypesPage } from '../prototypes/PrototypesPage';
import { libraryPage } from './page';
import { withModuleMessages } from '@its/kit';
import { loadGridMessages } from '@its/grid';
import { loadProductMessages } from '@its/remote-products/api';

/** /prototypes/{dragdrop, previewer, category-select, product-detail}: the grid kit's texts, and the
 * products api's field names (the category select words its columns with them). */
export default withModuleMessages(withModuleMessages(libraryPage(PrototypesPage), loadGridMessages), loadProductMessages);
