// Production build of the ITS shell, the module federation host. It knows no remote at build
// time: remotes come from GET /api/modules at run time.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { assetRule, cssRule, hashed, scriptRule, sharedDeps } from '@its/kit/build/rspack.mjs';

const here = dirname(fileURLToPath(import.meta.url));

/** The inline ES5 gate: the detection of gate.js and the page text from every catalog. */
function gateScript() {
  const source = readFileSync(join(here, 'src/errors/gate.js'), 'utf8').replace(/^export /m, '');
  const langDir = join(here, 'src/i18n/lang');
  const texts = {};
  for (const file of readdirSync(langDir).filter((f) => f.endsWith('.json'))) {
    const c = JSON.parse(readFileSync(join(langDir, file), 'utf8'));
    texts[file.replace(/\.json$/, '')] = {
      title: c['browser.unsupported.title'],
      body: c['browser.unsupported.body'],
      upgrade: c['browser.unsupported.upgrade'],
    };
  }
  return `(function () {
${source}
var reason = unsupportedBrowser(navigator.userAgent);
if (!reason) return;
window.__ITS_UNSUPPORTED__ = reason;
var texts = ${JSON.stringify(texts)};
var lang = 'en-US';
try { lang = JSON.parse(localStorage.getItem('its.preferences') || '{}').language || lang; } catch (e) {}
var t = texts[lang] || texts['en-US'];
document.addEventListener('DOMContentLoaded', function () {
  var root = document.getElementById('root');
  var box = document.createElement('div');
  box.setAttribute('data-testid', 'unsupported-browser');
  box.style.cssText = 'font:15px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#161c2b;max-width:520px;margin:16vh auto;padding:36px;background:#fff;border:1px solid #e1e4ea;border-radius:14px';
  var mark = document.createElement('img');
  mark.src = (document.querySelector('link[rel=icon]') || {}).href || '';
  mark.alt = '';
  mark.width = 40;
  mark.height = 40;
  mark.style.cssText = 'display:block;margin-bottom:18px';
  var h = document.createElement('h1');
  h.style.cssText = 'font-size:22px;margin:0 0 12px';
  h.appendChild(document.createTextNode(t.title));
  var p = document.createElement('p');
  p.appendChild(document.createTextNode(t.body));
  var a = document.createElement('a');
  a.href = 'https://browsehappy.com/';
  a.target = '_blank';
  a.rel = 'noreferrer';
  a.style.cssText = 'display:inline-block;margin-top:16px;padding:9px 16px;border-radius:8px;background:#2455e4;color:#fff;text-decoration:none;font-weight:600';
  a.appendChild(document.createTextNode(t.upgrade));
  if (mark.src) box.appendChild(mark);
  box.appendChild(h);
  box.appendChild(p);
  box.appendChild(a);
  document.body.style.background = '#f3f4f7';
  root.appendChild(box);
});
})();`;
}

/**
 * The gate is its own small classic script (no inline code, so a strict Content-Security-Policy
 * needs no exception), content-hashed like every other asset, and runs before the bundle.
 */
const gate = gateScript();
const gateFile = `assets/gate.${createHash('sha256').update(gate).digest('hex').slice(0, 16)}.js`;

class EmitGatePlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('EmitGatePlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'EmitGatePlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset(gateFile, new rspack.sources.RawSource(gate));
      });
    });
  }
}

export default (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    context: here,
    mode: production ? 'production' : 'development',
    entry: { main: './src/index.ts' },
    devtool: production ? false : 'cheap-module-source-map',
    output: {
      path: join(here, 'dist'),
      publicPath: '/',
      clean: true,
      filename: `assets/${hashed.filename}`,
      chunkFilename: `assets/${hashed.chunkFilename}`,
      cssFilename: `assets/${hashed.cssFilename}`,
      cssChunkFilename: `assets/${hashed.cssChunkFilename}`,
      assetModuleFilename: `assets/${hashed.assetModuleFilename}`,
      uniqueName: 'its_shell',
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    module: { rules: [scriptRule(), cssRule(), assetRule()] },
    plugins: [
      new EmitGatePlugin(),
      new rspack.HtmlRspackPlugin({
        template: './index.html',
        templateParameters: { gateSrc: `/${gateFile}` },
        minify: production,
      }),
      new ModuleFederationPlugin({
        name: 'its_shell',
        remotes: {},
        shared: sharedDeps({ host: true }),
        dts: false,
        manifest: false,
        shareStrategy: 'loaded-first',
        // Remotes reuse the shell's federation runtime instead of shipping their own copy.
        experiments: { provideExternalRuntime: true },
      }),
    ],
    optimization: { splitChunks: { chunks: 'async' } },
    performance: { hints: false },
    devServer: {
      port: 5173,
      historyApiFallback: true,
      proxy: [{ context: ['/api', '/remotes'], target: process.env.ITS_URL || 'http://127.0.0.1:8080' }],
    },
  };
};
