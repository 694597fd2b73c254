/** assortment-manager--assortment--showroom-config: a regular assortment's showroom settings. */
import { useParams } from 'react-router';
import { ShowroomConfig } from '../showroom/ShowroomConfig';
import { page } from '../page';

function AssortmentShowroomConfig() {
  const { assortment_id: id = '' } = useParams();
  return <ShowroomConfig key={id} org="assortments" id={id} />;
}

export default page(AssortmentShowroomConfig);
