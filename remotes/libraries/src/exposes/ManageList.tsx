import { ManageList } from '../manage/ManageList';
import { useManagedType } from '../manage/common';
import { libraryPage } from './page';

/** Pending, Published, Unpublished and Deleted pages of every managed library. */
function Manage() {
  const { libraryType, route } = useManagedType();
  // A new status or library is a new page (grid state, pending edits, selection).
  return <ManageList key={`${libraryType}|${route.status}`} />;
}

export default libraryPage(Manage);
