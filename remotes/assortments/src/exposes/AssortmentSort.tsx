/** assortment-manager--assortment--sort: an assortment's display groups and their order. */
import { useParams } from 'react-router';
import { SortPage } from '../sort/SortPage';
import { page } from '../page';

function AssortmentSort() {
  const { assortment_id: id = '' } = useParams();
  return <SortPage key={id} id={id} />;
}

export default page(AssortmentSort);
