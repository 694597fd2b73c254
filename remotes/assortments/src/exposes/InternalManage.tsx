/** assortment-manager--internal--manage: an internal assortment's detail grid on the internal calls. */
import { useParams } from 'react-router';
import { ManagePage } from '../detail/ManagePage';
import { InternalGate, INTERNAL_ORG } from '../internal/InternalGate';
import { page } from '../page';

function InternalManage() {
  const { assortment_id: id = '' } = useParams();
  return (
    <InternalGate id={id}>
      <ManagePage key={id} id={id} org={INTERNAL_ORG} />
    </InternalGate>
  );
}

export default page(InternalManage);
