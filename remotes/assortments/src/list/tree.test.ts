import { describe, expect, it } from 'vitest';
import type { Assortment } from '../api';
import { compareEntries, flattenTree, folderIds, nestByHierarchy, topmost } from './tree';

const a = (id: string, title: string, type: 'item' | 'folder' = 'item', hierarchy: string[] = []): Assortment =>
  ({ _id: id, title, type, hierarchy, version: 1, method: 'static', labels: [] }) as unknown as Assortment;

const spring = a('f1', 'Spring 2025', 'folder');
const keyAcc = a('f2', 'Key Accounts', 'folder');
const west = a('f3', 'West Region', 'folder', ['f2']);
const running = a('i1', "Men's Running", 'item', ['f1']);
const kids = a('i2', 'Kids Essentials', 'item', ['f1']);
const big5 = a('i3', 'Big 5', 'item', ['f2', 'f3']);
const gift = a('i4', 'Gift Guide');

describe('the assortment tree', () => {
  it('orders a level as the server does: folders first, then by title', () => {
    expect([gift, running, spring, keyAcc].sort(compareEntries).map((x) => x.title)).toEqual(['Key Accounts', 'Spring 2025', 'Gift Guide', "Men's Running"]);
  });

  it('shows the content of expanded folders below them, indented; contracted folders hide it', () => {
    const children = new Map([
      ['f1', [running, kids]],
      ['f2', [west]],
      ['f3', [big5]],
    ]);
    const open = flattenTree([keyAcc, spring, gift], children, new Set(['f1', 'f2', 'f3']));
    expect(open.map((r) => [r.title, r.depth, r.expanded])).toEqual([
      ['Key Accounts', 0, true],
      ['West Region', 1, true],
      ['Big 5', 2, false],
      ['Spring 2025', 0, true],
      ['Kids Essentials', 1, false],
      ["Men's Running", 1, false],
      ['Gift Guide', 0, false],
    ]);
    expect(open.find((r) => r._id === 'i3')?.path).toBe('Key Accounts / West Region');
    expect(open.find((r) => r._id === 'f1')?.childCount).toBe(2);

    const closed = flattenTree([keyAcc, spring, gift], children, new Set(['f3']));
    expect(closed.map((r) => r.title)).toEqual(['Key Accounts', 'Spring 2025', 'Gift Guide']);
    // An expanded folder whose content is not loaded yet shows closed, without a count.
    expect(flattenTree([spring], new Map(), new Set(['f1']))).toMatchObject([{ expanded: false, childCount: null }]);
  });

  it('nests search results spanning levels under their nearest listed folder', () => {
    const { roots, children } = nestByHierarchy([big5, gift, keyAcc, running]);
    expect(roots.map((r) => r.title)).toEqual(['Key Accounts', 'Gift Guide', "Men's Running"]);
    expect(children.get('f2')?.map((r) => r.title)).toEqual(['Big 5']);
  });

  it('lists every loaded folder for expand all', () => {
    expect(folderIds([keyAcc, spring, gift], new Map([['f2', [west]]]))).toEqual(['f2', 'f3', 'f1']);
  });

  it('acts on a folder, not again on what it holds (archive, copy, delete)', () => {
    expect(topmost([spring, running, big5, gift]).map((x) => x._id)).toEqual(['f1', 'i3', 'i4']);
  });
});
