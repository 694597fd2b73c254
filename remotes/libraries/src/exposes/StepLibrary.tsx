import { useMemo } from 'react';
import { BrowsePage } from '../browse/BrowsePage';
import type { AssetField } from '../api/types';
import { useLibraryRoute } from '../route';
import { libraryPage } from './page';

/** STEP: published training assets, English unless chosen otherwise, grouped by asset type and gender. */
function StepLibrary() {
  const r = useLibraryRoute('StepAsset');
  const lang = r.query?.lang ?? 'English';
  const defaults = useMemo(() => ({ lang }), [lang]);
  const groupBy: AssetField[] = r.query?.groupBy ?? ['assetType', 'gender'];
  return <BrowsePage libraryType="StepAsset" collectionType={r.collectionType ?? 'step'} defaults={defaults} groupBy={groupBy} pageSize={200} />;
}

export default libraryPage(StepLibrary);
