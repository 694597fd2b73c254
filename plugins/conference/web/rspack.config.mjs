// The conference plugin's remote, built with the shared remote configuration and served by the
// core under /plugins/conference/ (the shell loads it at run time from /api/modules).
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '@its/kit/build/rspack.mjs';

export default await remoteConfig({
  dir: dirname(fileURLToPath(import.meta.url)),
  id: 'conference',
  publicPath: '/plugins/conference/',
  grid: true,
  exposes: { './Conference': './src/Conference.tsx', './Manage': './src/Manage.tsx' },
});
