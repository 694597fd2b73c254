/** orders--{sample,promo,wholesale}-orders--{view}: an order area's list view, chosen by the route meta. */
import { useRouteMeta } from '@its/kit';
import { orderMeta } from '../api';
import { ListPage } from '../list/ListPage';
import { page } from '../page';

function OrderList() {
  const route = useRouteMeta();
  const meta = orderMeta(route?.meta);
  return <ListPage key={`${meta.area}/${meta.subtype}`} meta={meta} />;
}

export default page(OrderList);
