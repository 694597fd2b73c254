/** product-libraries--internal--landing-wholesale: a wholesale season's internal assortments by region and title. */
import { LandingScreen } from '../internal/LibraryPages';
import { page } from '../page';

function InternalLandingWholesale() {
  return <LandingScreen channel="Wholesale" />;
}

export default page(InternalLandingWholesale);
