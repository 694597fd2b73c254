/** assortment-manager--internal--sort: an internal assortment's display groups and their order (Pillar by default). */
import { useParams } from 'react-router';
import { SortPage } from '../sort/SortPage';
import { InternalGate, INTERNAL_ORG } from '../internal/InternalGate';
import { page } from '../page';

function InternalSort() {
  const { assortment_id: id = '' } = useParams();
  return (
    <InternalGate id={id}>
      <SortPage key={id} id={id} org={INTERNAL_ORG} />
    </InternalGate>
  );
}

export default page(InternalSort);
