import { AssetsLanding } from '../browse/AssetsLanding';
import { libraryPage } from './page';

/** /advertising/libraries: the registry redirects it to the assets landing; shown as that page otherwise. */
export default libraryPage(() => <AssetsLanding libraryType="AdvertisingAsset" />);
