/** product-libraries--internal--domestic-wholesale: one title's domestic wholesale internal assortment in its display groups. */
import { VariantScreen } from '../internal/LibraryPages';
import { page } from '../page';

function InternalDomesticWholesale() {
  return <VariantScreen channel="Wholesale" region="Domestic" />;
}

export default page(InternalDomesticWholesale);
