/** product-libraries--internal--domestic-retail: one title's domestic retail internal assortment in its display groups. */
import { VariantScreen } from '../internal/LibraryPages';
import { page } from '../page';

function InternalDomesticRetail() {
  return <VariantScreen channel="Retail" region="Domestic" />;
}

export default page(InternalDomesticRetail);
