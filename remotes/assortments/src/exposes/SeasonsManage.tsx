/** assortment-manager--seasons--manage: Manage Seasons (admin editors with internal assortments). */
import { SeasonsPage } from '../seasons/SeasonsPage';
import { page } from '../page';

function SeasonsManage() {
  return <SeasonsPage />;
}

export default page(SeasonsManage);
