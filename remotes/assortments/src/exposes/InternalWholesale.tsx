/** assortment-manager--internal--wholesale: the wholesale channel's internal assortments. */
import { InternalListPage } from '../internal/InternalListPage';
import { page } from '../page';

function InternalWholesale() {
  return <InternalListPage channel="Wholesale" />;
}

export default page(InternalWholesale);
