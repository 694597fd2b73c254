/** assortment-manager--assortment--create-order: a new order holding an assortment's products. */
import { useParams } from 'react-router';
import { CreateFromAssortment as Page } from '../assortment/CreateFromAssortment';
import { page } from '../page';

function CreateFromAssortment() {
  const { assortment_id: id = '' } = useParams();
  return <Page key={id} assortmentId={id} />;
}

export default page(CreateFromAssortment);
