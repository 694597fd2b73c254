// The libraries module's remote: its own build, loaded by the shell at run time from
// /remotes/libraries/mf-manifest.json. Its manage grids use the shell's shared ag-grid.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { assetRule, cssRule, hashed, scriptRule, sharedDeps } from '@its/kit/build/rspack.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const id = 'libraries';

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
      uniqueName: `its_remote_${id}`,
      ...hashed,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    module: { rules: [scriptRule(), cssRule(), assetRule()] },
    plugins: [
      new ModuleFederationPlugin({
        name: id,
        filename: 'remoteEntry.[contenthash:16].js',
        exposes: {
          './AdvertisingLanding': './src/exposes/AdvertisingLanding.tsx',
          './AssetsLanding': './src/exposes/AssetsLanding.tsx',
          './AssetList': './src/exposes/AssetList.tsx',
          './StepLibrary': './src/exposes/StepLibrary.tsx',
          './Previewer': './src/exposes/Previewer.tsx',
          './ManageList': './src/exposes/ManageList.tsx',
          './Upload': './src/exposes/Upload.tsx',
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
