import { Previewer } from '../browse/Previewer';
import { libraryPage } from './page';

/** /advertising/libraries/previewer?id=<asset>. */
export default libraryPage(Previewer);
