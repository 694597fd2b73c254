import { Upload } from '../manage/Upload';
import { libraryPage } from './page';

/** The upload page of every managed library. */
export default libraryPage(Upload);
