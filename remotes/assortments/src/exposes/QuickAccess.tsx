/** assortment-manager--quick-access: the assortment list view 'quick-access'. */
import { ListPage } from '../list/ListPage';
import { page } from '../page';

function QuickAccess() {
  return <ListPage view="quick-access" />;
}

export default page(QuickAccess);
