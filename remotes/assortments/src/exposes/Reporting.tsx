/** assortment-manager--reporting: the assortment manager's reports and charts (managers). */
import { ReportingPage } from '../reporting/ReportingPage';
import { page } from '../page';

function Reporting() {
  return <ReportingPage />;
}

export default page(Reporting);
