// The libraries module's remote (build conventions in @its/kit/build/rspack.mjs). Its manage
// grids use the shared ag-grid.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '@its/kit/build/rspack.mjs';

export default await remoteConfig({
  dir: dirname(fileURLToPath(import.meta.url)),
  id: 'libraries',
  grid: true,
  exposes: {
    './AdvertisingLanding': './src/exposes/AdvertisingLanding.tsx',
    './AssetsLanding': './src/exposes/AssetsLanding.tsx',
    './AssetList': './src/exposes/AssetList.tsx',
    './StepLibrary': './src/exposes/StepLibrary.tsx',
    './Previewer': './src/exposes/Previewer.tsx',
    './ManageList': './src/exposes/ManageList.tsx',
    './Upload': './src/exposes/Upload.tsx',
    './Prototypes': './src/exposes/Prototypes.tsx',
  },
});
