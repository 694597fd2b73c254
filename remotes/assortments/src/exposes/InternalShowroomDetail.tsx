/** assortment-manager--internal--showroom--detail: one style/colour of an internal assortment in the product detail viewer. */
import { useParams } from 'react-router';
import { Showroom } from '../showroom/Showroom';
import { InternalGate, INTERNAL_ORG } from '../internal/InternalGate';
import { page } from '../page';

function InternalShowroomDetail() {
  const { assortment_id: id = '', style_color_id: styleColor = '' } = useParams();
  return (
    <InternalGate id={id}>
      <Showroom org={INTERNAL_ORG} id={id} view={{ kind: 'detail', id: styleColor }} />
    </InternalGate>
  );
}

export default page(InternalShowroomDetail);
