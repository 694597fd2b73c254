import { BrowsePage } from '../browse/BrowsePage';
import { useLibraryRoute } from '../route';
import { libraryPage } from './page';

/** The listing of a library (advertising assets and logos, global retail assets and resources, product documents). */
function AssetList() {
  const r = useLibraryRoute();
  return <BrowsePage key={r.manageType} libraryType={r.manageType} collectionType={r.collectionType} />;
}

export default libraryPage(AssetList);
