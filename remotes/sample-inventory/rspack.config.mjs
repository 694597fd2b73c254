// The sample inventory module's remote (build conventions in @its/kit/build/rspack.mjs). It
// uses the grid kit (@its/grid) and ag-grid as shared singletons.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '@its/kit/build/rspack.mjs';

export default await remoteConfig({
  dir: dirname(fileURLToPath(import.meta.url)),
  id: 'sample-inventory',
  name: 'sampleInventory', // the registry's remote.name (modules/sampleinventory/module.yaml)
  grid: true,
  exposes: {
    './Production': './src/Production.tsx',
    './Sales': './src/Sales.tsx',
    './Landing': './src/Landing.tsx',
  },
});
