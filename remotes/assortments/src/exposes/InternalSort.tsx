/** assortment-manager--internal--sort: an internal assortment's display groups and their order (Pillar by default). */
import { useParams } from 'react-router';
import { SortPage } from '../sort/SortPage';
import { page } from '../page';

function InternalSort() {
  const { assortment_id: id = '' } = useParams();
  return <SortPage key={id} id={id} org="internalAssortments" />;
}

export default page(InternalSort);
