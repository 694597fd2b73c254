/** assortment-manager--scheduled: the assortment list view 'scheduled'. */
import { ListPage } from '../list/ListPage';
import { page } from '../page';

function Scheduled() {
  return <ListPage view="scheduled" />;
}

export default page(Scheduled);
