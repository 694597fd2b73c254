/**
 * The shell's boundary, the browser twin of core/boundary_test.go: the shell (shell/src, the
 * grid kit shell/grid/src, the kit shell/kit) never imports a remote, and its code never names a
 * module's domain, so a module's screens live in the module's remote and change in one place.
 * Comments and string literals (texts, URLs, message ids) are not code; identifiers are.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const shellDirs = ['shell/src', 'shell/grid/src', 'shell/kit/src', 'shell/kit/build', 'shell/scripts'];
const remotes = readdirSync(join(root, 'remotes')).filter((d) => statSync(join(root, 'remotes', d)).isDirectory());

/** Domain words of the modules (camelCase humps, either joined or apart). */
const domainWords = ['wholesale', 'assortment', 'showroom', 'lineSheet', 'sampleInventory'];

/**
 * The only files that may name the domain, each for a reason:
 * - generated/: the names, enums and titles generated from every module's manifest (make gen);
 * - registry/titles.ts: the navigation's group titles of the module registry;
 * - grid/src/catalog/: the product data the grids of the orders, assortments and libraries
 *   remotes read synchronously (the Product row type with its price fields, the filter query,
 *   field names); the catalog's screens are the products remote's, exposed to the others.
 * Tests are not checked for words: their fixtures are domain data.
 */
const allowed = ['shell/kit/src/generated/', 'shell/src/registry/titles.ts', 'shell/grid/src/catalog/'];

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (name === 'node_modules' || name === 'dist') continue;
    if (statSync(p).isDirectory()) out.push(...files(p));
    else if (/\.(tsx?|mjs|js|css)$/.test(name)) out.push(p);
  }
  return out;
}

const shellFiles = shellDirs.flatMap((d) => files(join(root, d))).map((f) => relative(root, f).split(sep).join('/'));

/** The module specifiers a file imports (static, dynamic, re-exports, CSS @import). */
export function importsOf(text: string): string[] {
  const re = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|@import\s+(?:url\()?)['"]([^'"]+)['"]/g;
  return [...text.matchAll(re)].map((m) => m[1]!);
}

/** The code of a file without its comments and string literals (template text included). */
export function codeOf(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g, ' ');
}

/** Whether the specifier (imported by `file`) reaches a remote's code or a remote's exposes. */
export function reachesRemote(file: string, spec: string): boolean {
  if (spec.startsWith('.')) return join(dirname(file), spec).split(sep).join('/').startsWith('remotes/');
  if (spec.startsWith('@its/remote-')) return true;
  return remotes.some((r) => spec === r || spec.startsWith(`${r}/`));
}

/** The domain words in the code, e.g. "wholesaleRules" names "wholesale". */
export function domainNames(code: string): string[] {
  const found = new Set<string>();
  for (const ident of code.match(/[A-Za-z_$][\w$]*/g) ?? []) {
    const flat = ident.toLowerCase().replace(/[_$]/g, '');
    for (const w of domainWords) if (flat.includes(w.toLowerCase())) found.add(w);
  }
  return [...found];
}

describe('shell boundary', () => {
  it('reads the shell', () => {
    expect(shellFiles.length).toBeGreaterThan(100);
    expect(remotes).toContain('products');
  });

  it('finds what it looks for', () => {
    expect(importsOf(`import { x } from '../../remotes/orders/src/api';\nconst m = import("products/Catalog");`)).toEqual(['../../remotes/orders/src/api', 'products/Catalog']);
    expect(reachesRemote('shell/grid/src/a.ts', '../../../remotes/orders/src/api')).toBe(true);
    expect(reachesRemote('shell/src/a.ts', 'products/Catalog')).toBe(true);
    expect(reachesRemote('shell/src/a.ts', '@its/kit')).toBe(false);
    expect(domainNames(codeOf(`// the wholesale rules\nexport * as wholesaleRules from './orders/x'; const t = 'assortment';`))).toEqual(['wholesale']);
    expect(domainNames('function lineSheetOf(sample_inventory) {}')).toEqual(['lineSheet', 'sampleInventory']);
  });

  it('imports no remote', () => {
    const bad = shellFiles.flatMap((f) => importsOf(readFileSync(join(root, f), 'utf8')).filter((s) => reachesRemote(f, s)).map((s) => `${f}: ${s}`));
    expect(bad).toEqual([]);
  });

  it('names no domain outside the listed files', () => {
    const bad = shellFiles
      .filter((f) => !/\.test\.tsx?$/.test(f) && !allowed.some((a) => f.startsWith(a)))
      .flatMap((f) => domainNames(codeOf(readFileSync(join(root, f), 'utf8'))).map((w) => `${f}: ${w}`));
    expect(bad).toEqual([]);
  });
});
