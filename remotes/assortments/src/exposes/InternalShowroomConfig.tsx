/** assortment-manager--internal--showroom-config: an internal assortment's showroom settings. */
import { useParams } from 'react-router';
import { ShowroomConfig } from '../showroom/ShowroomConfig';
import { InternalGate, INTERNAL_ORG } from '../internal/InternalGate';
import { page } from '../page';

function InternalShowroomConfig() {
  const { assortment_id: id = '' } = useParams();
  return (
    <InternalGate id={id}>
      <ShowroomConfig key={id} org={INTERNAL_ORG} id={id} />
    </InternalGate>
  );
}

export default page(InternalShowroomConfig);
