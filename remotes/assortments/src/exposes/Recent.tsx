/** assortment-manager--recent: the assortment list view 'recent'. */
import { ListPage } from '../list/ListPage';
import { page } from '../page';

function Recent() {
  return <ListPage view="recent" />;
}

export default page(Recent);
