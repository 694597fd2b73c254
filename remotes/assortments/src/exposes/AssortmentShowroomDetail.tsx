/** assortment-manager--assortment--showroom--detail: one style/colour in the product detail viewer. */
import { useParams } from 'react-router';
import { Showroom } from '../showroom/Showroom';
import { page } from '../page';

function AssortmentShowroomDetail() {
  const { assortment_id: id = '', style_color_id: styleColor = '' } = useParams();
  return <Showroom org="assortments" id={id} view={{ kind: 'detail', id: styleColor }} />;
}

export default page(AssortmentShowroomDetail);
