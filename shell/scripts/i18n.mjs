#!/usr/bin/env node
// Message catalogs of the shell (with its kit) and of every remote.
//   extract: writes each package's en-US catalog from the messages in its source (@formatjs/cli).
//   check:   fails when an en-US catalog is out of date, when a locale lacks a key or has an
//            extra one, when a translation drops or renames a placeholder, or when a locale
//            keeps the English text (unless the allow-list says the word is the same there), or
//            when an enumeration value users see has no message: every value of a manifest's
//            status enumeration, and of any enumeration the catalog words one value of, needs
//            <module>.enum.<plural>.<value> in the catalogs of the module's remote (enumMessageId).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const LOCALES = ['en-US', 'de-DE', 'es-ES', 'fr-FR', 'it-IT', 'ja-JP', 'pl-PL', 'pt-BR'];
const SOURCE = 'en-US';
const allow = JSON.parse(readFileSync(join(root, 'shell/scripts/same-as-english.json'), 'utf8'));

/** Every catalog owner: the shell (its own sources and the kit's), the grid kit and each remote. */
function packages() {
  const list = [
    { name: 'shell', sources: ['shell/src', 'shell/kit/src'], lang: 'shell/src/i18n/lang' },
    // The grid kit loads with the first remote that shows a grid, so it keeps its own catalogs.
    { name: 'shell/grid', sources: ['shell/grid/src'], lang: 'shell/grid/src/i18n' },
  ];
  const remotes = join(root, 'remotes');
  for (const id of existsSync(remotes) ? readdirSync(remotes).sort() : []) {
    if (existsSync(join(remotes, id, 'src'))) list.push({ name: `remotes/${id}`, sources: [`remotes/${id}/src`], lang: `remotes/${id}/src/i18n` });
  }
  // Plugins kept in this repository (plugins/<id>/web) have catalogs of their own too.
  const plugins = join(root, 'plugins');
  for (const id of existsSync(plugins) ? readdirSync(plugins).sort() : []) {
    const src = `plugins/${id}/web/src`;
    if (existsSync(join(root, src, 'i18n'))) list.push({ name: `plugins/${id}`, sources: [src], lang: `${src}/i18n` });
  }
  return list;
}

function sourceFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|tsx)$/.test(e.name) && !/\.(test|spec)\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
    }
  };
  walk(join(root, dir));
  return out;
}

function extract(pkg) {
  const tmp = mkdtempSync(join(tmpdir(), 'its-i18n-'));
  try {
    const list = join(tmp, 'files.txt');
    writeFileSync(list, pkg.sources.flatMap(sourceFiles).join('\n'));
    const out = join(tmp, 'en-US.json');
    const bin = join(root, 'node_modules', '.bin', 'formatjs');
    execFileSync(bin, ['extract', '--in-file', list, '--out-file', out, '--format', 'simple', '--throws'], { stdio: ['ignore', 'ignore', 'inherit'] });
    const messages = JSON.parse(readFileSync(out, 'utf8'));
    return Object.fromEntries(Object.keys(messages).sort().map((k) => [k, messages[k]]));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

const readCatalog = (pkg, locale) => {
  const f = join(root, pkg.lang, `${locale}.json`);
  return existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : null;
};

/** Placeholder and tag names of an ICU message: translations must keep them all. */
function placeholders(message) {
  const names = new Set();
  let depth = 0;
  const re = /[{}]|<\/?([a-zA-Z0-9_]+)>/g;
  let m;
  while ((m = re.exec(message))) {
    if (m[0] === '{') {
      const name = /^\{\s*([a-zA-Z0-9_]+)/.exec(message.slice(m.index));
      if (name && depth % 2 === 0) names.add(name[1]);
      depth++;
    } else if (m[0] === '}') depth--;
    else if (m[1]) names.add(`<${m[1]}>`);
  }
  return [...names].filter((n) => n !== '#').sort().join(',');
}

const cmd = process.argv[2];
let problems = 0;
let checked = 0;
const fail = (msg) => {
  problems++;
  console.error(`  ✗ ${msg}`);
};

for (const pkg of packages()) {
  const extracted = extract(pkg);
  if (cmd === 'extract') {
    writeFileSync(join(root, pkg.lang, `${SOURCE}.json`), `${JSON.stringify(extracted, null, 2)}\n`);
    console.log(`${pkg.name}: ${Object.keys(extracted).length} messages → ${relative(root, join(root, pkg.lang, `${SOURCE}.json`))}`);
    continue;
  }
  const en = readCatalog(pkg, SOURCE) ?? {};
  if (JSON.stringify(en) !== JSON.stringify(extracted)) fail(`${pkg.name}: ${SOURCE}.json is out of date; run npm run i18n:extract`);
  for (const locale of LOCALES.filter((l) => l !== SOURCE)) {
    const cat = readCatalog(pkg, locale);
    if (!cat) {
      fail(`${pkg.name}: ${locale}.json is missing`);
      continue;
    }
    const same = new Set(allow[locale] ?? []);
    for (const [id, text] of Object.entries(extracted)) {
      checked++;
      if (!(id in cat)) fail(`${pkg.name} ${locale}: missing ${id}`);
      else if (typeof cat[id] !== 'string' || !cat[id].trim()) fail(`${pkg.name} ${locale}: empty ${id}`);
      else if (cat[id] === text && !same.has(text)) fail(`${pkg.name} ${locale}: ${id} is the English text "${text}" (translate it, or add it to same-as-english.json)`);
      else if (placeholders(cat[id]) !== placeholders(text)) fail(`${pkg.name} ${locale}: ${id} placeholders ${placeholders(cat[id])} ≠ ${placeholders(text)}`);
    }
    for (const id of Object.keys(cat)) if (!(id in extracted)) fail(`${pkg.name} ${locale}: extra key ${id}`);
  }
}

/**
 * The manifests' enumerations (the generated enums.ts, an object literal, by module and plural
 * name) with the package whose catalogs word them: the module's remote's, the shell's without one.
 */
function enumerations(pkgs) {
  const src = readFileSync(join(root, 'shell/kit/src/generated/enums.ts'), 'utf8');
  const literal = /export const enums = (\{[\s\S]*?\n\}) as const;/.exec(src);
  if (!literal) throw new Error('shell/kit/src/generated/enums.ts: no enums object');
  const enums = new Function(`return ${literal[1]};`)();
  const owner = new Map();
  const modules = join(root, 'modules');
  for (const dir of readdirSync(modules)) {
    const f = join(modules, dir, 'module.yaml');
    if (!existsSync(f)) continue;
    const yaml = readFileSync(f, 'utf8');
    const id = /^id:\s*(\S+)/m.exec(yaml)?.[1];
    const entry = /^remote:\s*\n(?:\s+.*\n)*?\s+entry:\s*\/remotes\/([^/\s]+)\//m.exec(yaml)?.[1];
    if (!id) continue;
    const camel = id.replace(/[-_.]([a-z])/g, (_, c) => c.toUpperCase());
    owner.set(camel, pkgs.find((p) => p.name === (entry ? `remotes/${entry}` : 'shell')));
  }
  return Object.entries(enums).flatMap(([module, byName]) =>
    Object.entries(byName).map(([plural, values]) => ({ module, plural, values, pkg: owner.get(module) })),
  );
}

if (cmd === 'check') {
  // Enumeration values users see: a status enumeration is worded whole, and so is any other
  // enumeration the catalog words a value of (a value left out would show untranslated).
  const pkgs = packages();
  for (const e of enumerations(pkgs)) {
    if (!e.pkg) continue;
    const prefix = `${e.module}.enum.${e.plural}.`;
    for (const locale of LOCALES) {
      const cat = readCatalog(e.pkg, locale) ?? {};
      const worded = Object.keys(cat).some((id) => id.startsWith(prefix));
      if (!/status/i.test(e.plural) && !worded) continue;
      for (const v of e.values) {
        checked++;
        if (!(`${prefix}${v}` in cat)) fail(`${e.pkg.name} ${locale}: enumeration value ${e.module} ${e.plural} "${v}" has no message ${prefix}${v}`);
      }
    }
  }

  // One check per translation (key × locale); the closing line counts them like a test runner.
  console.log(`i18n: ${checked - problems} passed, ${problems} failed`);
  if (problems) process.exit(1);
} else if (cmd !== 'extract') {
  console.error('usage: i18n.mjs extract|check');
  process.exit(2);
}
