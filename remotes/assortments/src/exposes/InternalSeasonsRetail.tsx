/** product-libraries--internal--seasons-retail: the retail channel's seasons of internal assortments. */
import { SeasonsScreen } from '../internal/SeasonsScreen';
import { page } from '../page';

function InternalSeasonsRetail() {
  return <SeasonsScreen channel="Retail" />;
}

export default page(InternalSeasonsRetail);
