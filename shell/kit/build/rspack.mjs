/**
 * Build conventions shared by the shell and every remote: TypeScript/JSX through SWC, CSS,
 * content-hashed file names and the module federation singletons.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/** Browsers the bundle is compiled for (older ones get the unsupported-browser page). */
export const targets = ['chrome >= 100', 'edge >= 100', 'firefox >= 100', 'safari >= 15.4'];

export function scriptRule() {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: [/node_modules[\\/](?!@its[\\/])/],
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
      },
      env: { targets },
    },
    type: 'javascript/auto',
  };
}

export function cssRule() {
  return { test: /\.css$/i, type: 'css/auto' };
}

export function assetRule() {
  return { test: /\.(woff2?|png|jpe?g|svg|gif|webp)$/i, type: 'asset/resource' };
}

/** Hashed names: the server caches files whose names carry a content hash as immutable. */
export const hashed = {
  filename: '[name].[contenthash:16].js',
  chunkFilename: '[name].[contenthash:16].js',
  cssFilename: '[name].[contenthash:16].css',
  cssChunkFilename: '[name].[contenthash:16].css',
  assetModuleFilename: '[name].[contenthash:16][ext]',
};

/** The installed version of a package (read from disk: not every package exports package.json). */
function version(name) {
  for (const dir of require.resolve.paths(name) ?? []) {
    const file = join(dir, name, 'package.json');
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')).version;
  }
  throw new Error(`${name} is not installed`);
}
const major = (name) => `^${version(name).split('.')[0]}.0.0`;

/**
 * The module federation shared scope. The shell provides every singleton; a remote uses the
 * shell's copies at run time (ag-grid is never bundled into a remote that does not ask for it).
 * The grid kit `@its/grid` is not in the shell at all: the first remote that uses a grid
 * (`{ grid: true }`) provides it, and every later one shares that instance.
 */
export function sharedDeps({ host = false, grid = false } = {}) {
  const one = (pkg, extra = {}) => ({ singleton: true, requiredVersion: major(pkg), ...extra });
  const gridShare = host || grid ? {} : { import: false };
  const gridKit = { singleton: true, requiredVersion: '^0.1.0', version: version('@its/grid'), ...(grid && !host ? {} : { import: false }) };
  return {
    react: one('react'),
    'react/jsx-runtime': one('react'),
    'react-dom': one('react-dom'),
    'react-dom/client': one('react-dom'),
    '@tanstack/react-query': one('@tanstack/react-query'),
    'react-intl': one('react-intl'),
    'react-router': one('react-router'),
    '@its/kit': { singleton: true, requiredVersion: '^0.1.0', version: version('@its/kit') },
    'ag-grid-community': one('ag-grid-community', gridShare),
    'ag-grid-react': one('ag-grid-react', gridShare),
    '@its/grid': gridKit,
  };
}

/**
 * The whole rspack configuration of a module's remote: its own build under `<dir>/dist`, served
 * at `/remotes/<id>/` and loaded by the shell at run time from its `mf-manifest.json`. The shell
 * provides the federation runtime, so a remote only ever runs inside the shell.
 *
 * @param {object} o
 * @param {string} o.dir     the remote's folder (its rspack.config.mjs's own folder)
 * @param {string} o.id      the folder name under remotes/, also the URL segment
 * @param {string} [o.name]  the registry's remote.name (module.yaml), default id
 * @param {Record<string, string>} o.exposes  what the manifest's UI routes name
 * @param {boolean} [o.grid] the remote uses the grid kit and ag-grid (shared singletons)
 * @param {string} [o.publicPath] where the server serves the build, default `/remotes/<id>/`
 *   (a plugin's remote is served by the core under `/plugins/<id>/`)
 */
export async function remoteConfig({ dir, id, name = id, exposes, grid = false, publicPath = `/remotes/${id}/` }) {
  const { ModuleFederationPlugin } = await import('@module-federation/enhanced/rspack');
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      context: dir,
      mode: production ? 'production' : 'development',
      entry: {},
      devtool: production ? false : 'cheap-module-source-map',
      output: {
        path: join(dir, 'dist'),
        publicPath,
        clean: true,
        uniqueName: `its_remote_${id.replace(/-/g, '_')}`,
        ...hashed,
      },
      resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
      module: { rules: [scriptRule(), cssRule(), assetRule()] },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.[contenthash:16].js',
          exposes,
          shared: sharedDeps({ grid }),
          dts: false,
          manifest: { fileName: 'mf-manifest.json' },
          experiments: { externalRuntime: true },
        }),
      ],
      performance: { hints: false },
    };
  };
}
