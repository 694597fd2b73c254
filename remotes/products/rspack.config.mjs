// The products module's remote: the product library (build conventions in @its/kit/build/rspack.mjs).
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '@its/kit/build/rspack.mjs';

export default await remoteConfig({
  dir: dirname(fileURLToPath(import.meta.url)),
  id: 'products',
  // The catalog's components the assortments and libraries remotes show (src/catalog/exposed.tsx).
  exposes: {
    './Products': './src/Products.tsx',
    './CatalogGrid': './src/catalog/exposed.tsx',
    './FilterBar': './src/catalog/exposed.tsx',
    './ProductViewer': './src/catalog/exposed.tsx',
    './ProductPanel': './src/catalog/exposed.tsx',
  },
  grid: true,
});
