/** assortment-manager--archived: the assortment list view 'archived'. */
import { ListPage } from '../list/ListPage';
import { page } from '../page';

function Archived() {
  return <ListPage view="archived" />;
}

export default page(Archived);
