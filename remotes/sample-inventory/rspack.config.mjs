// The sample inventory module's remote: its own build, loaded by the shell at run time from
// /remotes/sample-inventory/mf-manifest.json. It is the first remote with a grid, so it asks for
// ag-grid and the grid kit (@its/grid) as shared singletons.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { assetRule, cssRule, hashed, scriptRule, sharedDeps } from '@its/kit/build/rspack.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const id = 'sample-inventory';

export default (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    context: here,
    mode: production ? 'production' : 'development',
    entry: {},
    devtool: production ? false : 'cheap-module-source-map',
    output: {
      path: join(here, 'dist'),
      publicPath: `/remotes/${id}/`,
      clean: true,
      uniqueName: 'its_remote_sample_inventory',
      ...hashed,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    module: { rules: [scriptRule(), cssRule(), assetRule()] },
    plugins: [
      new ModuleFederationPlugin({
        // The registry's remote.name (modules/sampleinventory/module.yaml).
        name: 'sampleInventory',
        filename: 'remoteEntry.[contenthash:16].js',
        exposes: {
          './Production': './src/Production.tsx',
          './Sales': './src/Sales.tsx',
          './Landing': './src/Landing.tsx',
        },
        shared: sharedDeps({ grid: true }),
        dts: false,
        manifest: { fileName: 'mf-manifest.json' },
        // The shell provides the federation runtime; a remote only ever runs inside the shell.
        experiments: { externalRuntime: true },
      }),
    ],
    performance: { hints: false },
  };
};
