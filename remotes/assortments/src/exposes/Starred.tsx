/** assortment-manager--starred: the assortment list view 'starred'. */
import { ListPage } from '../list/ListPage';
import { page } from '../page';

function Starred() {
  return <ListPage view="starred" />;
}

export default page(Starred);
