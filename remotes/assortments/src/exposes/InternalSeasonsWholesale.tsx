/** product-libraries--internal--seasons-wholesale: the wholesale channel's seasons of internal assortments. */
import { SeasonsScreen } from '../internal/SeasonsScreen';
import { page } from '../page';

function InternalSeasonsWholesale() {
  return <SeasonsScreen channel="Wholesale" />;
}

export default page(InternalSeasonsWholesale);
