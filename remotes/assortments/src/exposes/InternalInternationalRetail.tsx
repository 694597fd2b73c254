/** product-libraries--internal--international-retail: one title's international retail internal assortment in its display groups. */
import { VariantScreen } from '../internal/LibraryPages';
import { page } from '../page';

function InternalInternationalRetail() {
  return <VariantScreen channel="Retail" region="International" />;
}

export default page(InternalInternationalRetail);
