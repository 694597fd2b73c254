/** assortment-manager--all-assortments: the assortment list view 'all'. */
import { ListPage } from '../list/ListPage';
import { page } from '../page';

function AllAssortments() {
  return <ListPage view="all" />;
}

export default page(AllAssortments);
