/** assortment-manager--internal--export: an internal assortment's zip of images. */
import { useParams } from 'react-router';
import { ExportPage } from '../internal/ExportPage';
import { InternalGate } from '../internal/InternalGate';
import { page } from '../page';

function InternalExport() {
  const { assortment_id: id = '' } = useParams();
  return (
    <InternalGate id={id}>
      <ExportPage key={id} id={id} />
    </InternalGate>
  );
}

export default page(InternalExport);
