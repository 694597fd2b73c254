// The import module's remote (build conventions in @its/kit/build/rspack.mjs): the Excel import
// wizard, opened from an assortment's detail page and from the sample inventory.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '@its/kit/build/rspack.mjs';

export default await remoteConfig({
  dir: dirname(fileURLToPath(import.meta.url)),
  id: 'imports',
  grid: true,
  exposes: {
    './AssortmentImport': './src/AssortmentImport.tsx',
    './SampleImport': './src/SampleImport.tsx',
  },
});
