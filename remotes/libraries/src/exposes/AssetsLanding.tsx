import { AssetsLanding } from '../browse/AssetsLanding';
import { libraryPage } from './page';

/** advertising assets-landing, logos-landing, global retail assets-landing and resources-landing. */
export default libraryPage(() => <AssetsLanding />);
