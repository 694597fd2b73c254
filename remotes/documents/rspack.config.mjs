// The documents module's remote (build conventions in @its/kit/build/rspack.mjs).
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '@its/kit/build/rspack.mjs';

export default await remoteConfig({
  dir: dirname(fileURLToPath(import.meta.url)),
  id: 'documents',
  exposes: { './Export': './src/ExportPage.tsx' },
});
