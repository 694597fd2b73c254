/** product-libraries--internal--landing-retail: a retail season's internal assortments by region and title. */
import { LandingScreen } from '../internal/LibraryPages';
import { page } from '../page';

function InternalLandingRetail() {
  return <LandingScreen channel="Retail" />;
}

export default page(InternalLandingRetail);
