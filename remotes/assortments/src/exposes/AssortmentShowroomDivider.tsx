/** assortment-manager--assortment--showroom--divider: one display group in the category detail viewer. */
import { useParams } from 'react-router';
import { Showroom } from '../showroom/Showroom';
import { page } from '../page';

function AssortmentShowroomDivider() {
  const { assortment_id: id = '', group_slug: slug = '' } = useParams();
  return <Showroom org="assortments" id={id} view={{ kind: 'divider', slug }} />;
}

export default page(AssortmentShowroomDivider);
