import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@its/kit';
import type { GridRow } from '@its/grid';
import { fakeFetch } from '../../../../shell/kit/src/test/render';
import type { AssortmentBatchResult } from '../api';
import { fromAssortmentBatch, loadRows, sizeConditions, toAssortmentBatch } from './source';

describe('grid batches as assortment product batches', () => {
  it('maps updates, deletes and typed rows (new, with their style and colour)', () => {
    expect(
      toAssortmentBatch({
        update: [{ id: '4', version: 2, changes: { discountPercent: 10 } }],
        delete: [{ id: '5', version: 1 }],
        add: [{ tempId: 'new-1', values: { style: '100513', color: 'BLU', label: 'Hero' } }],
      }),
    ).toEqual({
      updateProducts: [{ id: '4', version: 2, changes: { discountPercent: 10 } }],
      deleteProducts: [{ id: '5', version: 1 }],
      addProducts: [{ tempId: 'new-1', style: '100513', color: 'BLU', isNew: true, values: { label: 'Hero' } }],
      source: 'style',
    });
  });

  it('labels a pasted batch for the cell history', () => {
    expect(toAssortmentBatch({ update: [{ id: '4', version: 2, changes: { pillar: 'Work' } }] }, { via: 'paste' })).toEqual({
      via: 'paste',
      updateProducts: [{ id: '4', version: 2, changes: { pillar: 'Work' } }],
    });
  });

  it('hands the kit every changed row (colours the style note reached too), the added ones and the deleted', () => {
    const rows = new Map<string, GridRow>([['5', { id: '5', version: 1, style: 'X' }]]);
    const res = {
      rows: [
        { id: '4', version: 3, styleNote: 'n' },
        { id: '6', version: 2, styleNote: 'n' },
        { id: '9', version: 1, style: '100513' },
      ],
      tempIds: { 'new-1': '9' },
      deletedIds: ['5'],
    } as unknown as AssortmentBatchResult;
    const out = fromAssortmentBatch(res, (id) => rows.get(id));
    expect(out.updated.map((r) => r.id)).toEqual(['4', '6']);
    expect(out.added).toEqual([{ tempId: 'new-1', row: { id: '9', version: 1, style: '100513' } }]);
    expect(out.deleted).toEqual([{ id: '5', version: 1, style: 'X' }]);
  });
});

describe('the detail grid size filter (spec §5.3 footer field)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the rows stocked in the size on the server, and every row without one', async () => {
    const fake = fakeFetch({
      'POST /api/assortments/products/query': () =>
        new Response('{"totalCount":1}\n{"id":"1","version":1,"style":"S1","color":"BLK"}\n{"done":true,"count":1}\n', { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } }),
    });
    configureApi({ fetch: fake });
    // The rows stream reads through the page's fetch.
    vi.stubGlobal('fetch', fake);
    const rows: GridRow[] = [];
    const sink = { total: () => {}, rows: (r: GridRow[]) => rows.push(...r) };
    await loadRows('a1', false, new AbortController().signal, sink, 'assortments', sizeConditions('M'));
    await loadRows('a1', false, new AbortController().signal, sink, 'assortments', sizeConditions(undefined));
    const bodies = fake.calls.map((c) => JSON.parse(String(c.init.body)) as Record<string, unknown>);
    expect(bodies[0]).toMatchObject({ assortmentId: 'a1', conditions: { 'locations.availability.size': ['M'] } });
    expect(bodies[1]).not.toHaveProperty('conditions');
    expect(rows.map((r) => r.id)).toEqual(['1', '1']);
  });
});
