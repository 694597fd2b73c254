/** assortment-manager--internal--showroom--divider: one display group of an internal assortment in the category detail viewer. */
import { useParams } from 'react-router';
import { Showroom } from '../showroom/Showroom';
import { InternalGate, INTERNAL_ORG } from '../internal/InternalGate';
import { page } from '../page';

function InternalShowroomDivider() {
  const { assortment_id: id = '', group_slug: slug = '' } = useParams();
  return (
    <InternalGate id={id}>
      <Showroom org={INTERNAL_ORG} id={id} view={{ kind: 'divider', slug }} />
    </InternalGate>
  );
}

export default page(InternalShowroomDivider);
