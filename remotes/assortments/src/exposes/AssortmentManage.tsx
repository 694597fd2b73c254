/** assortment-manager--assortment--manage: an assortment's detail (its products, search, filters). */
import { useParams } from 'react-router';
import { ManagePage } from '../detail/ManagePage';
import { page } from '../page';

function AssortmentManage() {
  const { assortment_id: id = '' } = useParams();
  return <ManagePage key={id} id={id} />;
}

export default page(AssortmentManage);
