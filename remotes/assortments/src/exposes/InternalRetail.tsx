/** assortment-manager--internal--retail: the retail channel's internal assortments. */
import { InternalListPage } from '../internal/InternalListPage';
import { page } from '../page';

function InternalRetail() {
  return <InternalListPage channel="Retail" />;
}

export default page(InternalRetail);
