import { describe, expect, it } from 'vitest';
import type { ColumnState } from 'ag-grid-community';
import type { WhereNode } from '../filter/where';
import { MAX_VIEW_NAME, emailList, gridOfView, nameProblem, viewIdOf, viewLink, viewOfGrid, viewPath } from './viewState';

const where: WhereNode = {
  and: [
    { field: 'division', op: 'in', values: ['Work', 'Kids'] },
    { or: [{ field: 'wholesalePrice', op: 'gt', values: ['50'] }, { field: 'season', op: 'in', values: ['SP'] }] },
  ],
};

const grid: ColumnState[] = [
  { colId: 'ag-Grid-SelectionColumn', width: 40 },
  { colId: 'style', width: 120 },
  { colId: 'name', width: 200 },
  { colId: 'gender', width: 90, hide: true },
  { colId: 'season', width: 80, sort: 'desc', sortIndex: 0 },
  { colId: 'wholesalePrice', width: 110, pinned: 'right' },
];

describe('viewOfGrid', () => {
  it('keeps the filter tree, sort, grouping, page filters and the columns in order with hides', () => {
    const v = viewOfGrid({
      where,
      sort: [
        { field: 'season', dir: 'desc' },
        { field: 'style', dir: 'asc' },
      ],
      groupBy: 'gender',
      columns: grid,
      rowHeight: 'tall',
      filters: { text: 'boot', conditions: {} },
    });
    expect(v.query).toEqual({
      where,
      sort: [
        { field: 'season', dir: 'desc' },
        { field: 'style', dir: 'asc' },
      ],
      groupBy: ['gender'],
      filters: { text: 'boot', conditions: {} },
    });
    expect(v.layout.rowHeight).toBe('tall');
    // The kit's own selection column is never part of a view.
    expect(v.layout.columns.map((c) => c.field)).toEqual(['style', 'name', 'gender', 'season', 'wholesalePrice']);
    expect(v.layout.columns.find((c) => c.field === 'gender')?.hide).toBe(true);
    expect(v.layout.columns.find((c) => c.field === 'wholesalePrice')?.pinned).toBe('right');
  });

  it('leaves out what says nothing', () => {
    const v = viewOfGrid({ where: null, sort: [], groupBy: null, columns: grid, rowHeight: 'normal', filters: {} });
    expect(v.query).toEqual({});
    expect(v.layout.rowHeight).toBeUndefined();
  });
});

describe('gridOfView', () => {
  const view = {
    query: { where, sort: [{ field: 'wholesalePrice', dir: 'asc' as const }, { field: 'gone', dir: 'desc' as const }], groupBy: ['gender'], filters: { text: 'x' } },
    layout: {
      columns: [
        { field: 'wholesalePrice' },
        { field: 'style', hide: true },
        { field: 'gone' },
        { field: 'name', width: 300 },
      ],
      rowHeight: 'compact' as const,
    },
  };

  it('puts the view back over the grid: its columns first in order, its sort only, its grouping', () => {
    const app = gridOfView(view, grid, () => true);
    expect(app.columns.map((c) => c.colId)).toEqual(['ag-Grid-SelectionColumn', 'wholesalePrice', 'style', 'name', 'gender', 'season']);
    const byId = Object.fromEntries(app.columns.map((c) => [c.colId, c]));
    expect(byId.style?.hide).toBe(true);
    expect(byId.name?.width).toBe(300);
    expect(byId.wholesalePrice).toMatchObject({ sort: 'asc', sortIndex: 0 });
    // The grid's own sort goes: the view names every sorted column.
    expect(byId.season).toMatchObject({ sort: null, sortIndex: null });
    expect(app.where).toEqual(where);
    expect(app.groupBy).toBe('gender');
    expect(app.rowHeight).toBe('compact');
    expect(app.filters).toEqual({ text: 'x' });
  });

  it('drops a grouping the grid does not allow, an unknown row height and a bad sort', () => {
    const app = gridOfView(
      { query: { groupBy: ['gender'], sort: [{ field: 'style', dir: 'sideways' as 'asc' }] }, layout: { columns: [], rowHeight: 'huge' as 'tall' } },
      grid,
      () => false,
    );
    expect(app.groupBy).toBeNull();
    expect(app.rowHeight).toBe('normal');
    expect(app.columns.every((c) => !c.sort)).toBe(true);
    expect(app.where).toBeNull();
    expect(app.filters).toBeUndefined();
  });

  it('reads a view saved and read back as the same grid state', () => {
    const saved = viewOfGrid({ where, sort: [{ field: 'season', dir: 'desc' }], groupBy: null, columns: grid, rowHeight: 'normal' });
    const app = gridOfView(saved, grid, () => true);
    expect(app.columns.map(({ colId, hide, pinned, sort }) => ({ colId, hide: !!hide, pinned: pinned ?? null, sort: sort ?? null }))).toEqual(
      grid.map(({ colId, hide, pinned, sort }) => ({ colId, hide: !!hide, pinned: colId.startsWith('ag-Grid') ? null : (pinned ?? null), sort: sort ?? null })),
    );
    expect(app.where).toEqual(where);
  });
});

describe('names, e-mails and links', () => {
  it('says what is wrong with a name', () => {
    expect(nameProblem('  ')).toBe('empty');
    expect(nameProblem('x'.repeat(MAX_VIEW_NAME))).toBeNull();
    expect(nameProblem('x'.repeat(MAX_VIEW_NAME + 1))).toBe('tooLong');
    // Characters, not UTF-16 units.
    expect(nameProblem('👟'.repeat(MAX_VIEW_NAME))).toBeNull();
  });

  it('splits typed e-mails, each once and lower-cased', () => {
    expect(emailList(' A@x.com, b@x.com;a@x.com  c@x.com ')).toEqual(['a@x.com', 'b@x.com', 'c@x.com']);
    expect(emailList('')).toEqual([]);
  });

  it('links a view beside the page parameters and reads it back', () => {
    const id = '0b9a3c1e-6d2f-4c7a-9d4e-1f2a3b4c5d6e';
    const link = viewLink('https://its.example.com/product/libraries/products?f=%7B%7D&view=old#top', id);
    expect(link).toBe(`https://its.example.com/product/libraries/products?f=%7B%7D&view=${id}`);
    expect(viewIdOf(new URL(link).search)).toBe(id);
    expect(viewIdOf('?view=../../admin')).toBeNull();
    expect(viewIdOf('')).toBeNull();
    expect(viewPath('https://its.example.com/samples?x=1', id)).toBe(`/samples?x=1&view=${id}`);
  });
});
