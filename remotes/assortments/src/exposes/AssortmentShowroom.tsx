/** assortment-manager--assortment--showroom: a regular assortment's showroom, its groups and tiles. */
import { useParams } from 'react-router';
import { Showroom } from '../showroom/Showroom';
import { page } from '../page';

function AssortmentShowroom() {
  const { assortment_id: id = '' } = useParams();
  return <Showroom org="assortments" id={id} view={{ kind: 'overview' }} />;
}

export default page(AssortmentShowroom);
