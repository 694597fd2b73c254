/** assortment-manager--internal--showroom: an internal assortment's showroom, its groups and tiles. */
import { useParams } from 'react-router';
import { Showroom } from '../showroom/Showroom';
import { InternalGate, INTERNAL_ORG } from '../internal/InternalGate';
import { page } from '../page';

function InternalShowroom() {
  const { assortment_id: id = '' } = useParams();
  return (
    <InternalGate id={id}>
      <Showroom org={INTERNAL_ORG} id={id} view={{ kind: 'overview' }} />
    </InternalGate>
  );
}

export default page(InternalShowroom);
