/** product-libraries--internal--international-wholesale: one title's international wholesale internal assortment in its display groups. */
import { VariantScreen } from '../internal/LibraryPages';
import { page } from '../page';

function InternalInternationalWholesale() {
  return <VariantScreen channel="Wholesale" region="International" />;
}

export default page(InternalInternationalWholesale);
