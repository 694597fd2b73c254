/** orders--{sample,promo,wholesale}-orders--order: one order, by id or number. */
import { useParams } from 'react-router';
import { useRouteMeta } from '@its/kit';
import { orderMeta } from '../api';
import { DetailPage } from '../detail/DetailPage';
import { page } from '../page';

function OrderDetail() {
  const { orderId = '' } = useParams();
  const meta = orderMeta(useRouteMeta()?.meta);
  return <DetailPage key={`${meta.area}/${orderId}`} area={meta.area} id={orderId} />;
}

export default page(OrderDetail);
