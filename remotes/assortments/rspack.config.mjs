// The assortments module's remote: the assortment manager (build conventions in
// @its/kit/build/rspack.mjs). The product pieces it shows (filter bar, catalog grid, detail
// panel) come from the grid kit (@its/grid), which the product library uses too.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '@its/kit/build/rspack.mjs';

export default await remoteConfig({
  dir: dirname(fileURLToPath(import.meta.url)),
  id: 'assortments',
  exposes: {
    './QuickAccess': './src/exposes/QuickAccess.tsx',
    './AllAssortments': './src/exposes/AllAssortments.tsx',
    './Recent': './src/exposes/Recent.tsx',
    './Starred': './src/exposes/Starred.tsx',
    './Scheduled': './src/exposes/Scheduled.tsx',
    './Archived': './src/exposes/Archived.tsx',
    './AssortmentManage': './src/exposes/AssortmentManage.tsx',
    './AssortmentSort': './src/exposes/AssortmentSort.tsx',
    './AssortmentShowroom': './src/exposes/AssortmentShowroom.tsx',
    './AssortmentShowroomDivider': './src/exposes/AssortmentShowroomDivider.tsx',
    './AssortmentShowroomDetail': './src/exposes/AssortmentShowroomDetail.tsx',
    './AssortmentShowroomConfig': './src/exposes/AssortmentShowroomConfig.tsx',
    './SeasonsManage': './src/exposes/SeasonsManage.tsx',
    './InternalWholesale': './src/exposes/InternalWholesale.tsx',
    './InternalRetail': './src/exposes/InternalRetail.tsx',
    './InternalSort': './src/exposes/InternalSort.tsx',
    './InternalManage': './src/exposes/InternalManage.tsx',
    './InternalExport': './src/exposes/InternalExport.tsx',
    './InternalSeasonsWholesale': './src/exposes/InternalSeasonsWholesale.tsx',
    './InternalSeasonsRetail': './src/exposes/InternalSeasonsRetail.tsx',
    './InternalLandingWholesale': './src/exposes/InternalLandingWholesale.tsx',
    './InternalLandingRetail': './src/exposes/InternalLandingRetail.tsx',
    './InternalDomesticWholesale': './src/exposes/InternalDomesticWholesale.tsx',
    './InternalDomesticRetail': './src/exposes/InternalDomesticRetail.tsx',
    './InternalInternationalWholesale': './src/exposes/InternalInternationalWholesale.tsx',
    './InternalInternationalRetail': './src/exposes/InternalInternationalRetail.tsx',
    './InternalLibraryDivider': './src/exposes/InternalLibraryDivider.tsx',
    './InternalLibraryDetail': './src/exposes/InternalLibraryDetail.tsx',
    './InternalShowroom': './src/exposes/InternalShowroom.tsx',
    './InternalShowroomDivider': './src/exposes/InternalShowroomDivider.tsx',
    './InternalShowroomDetail': './src/exposes/InternalShowroomDetail.tsx',
    './InternalShowroomConfig': './src/exposes/InternalShowroomConfig.tsx',
    './Reporting': './src/exposes/Reporting.tsx',
  },
  grid: true,
});
