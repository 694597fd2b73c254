import { createRef } from 'react';
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataGridHandle, GridRow } from '@its/grid';
import vectors from '../../../../testdata/vectors/catalogorder.json';
import { configureApi } from '@its/kit';
import { fakeFetch, json, renderWithShell } from '../../../../shell/kit/src/test/render';
import { toQuerySort } from '../api';
import { catalogOrder } from './catalogOrder';
import { CatalogGrid } from './CatalogGrid';
import { liftLocation } from './columns';

interface OrderCase {
  grid: Array<{ field: string; dir: 'asc' | 'desc' }>;
  sort: Array<[string, number]>;
  location: string;
  rows: GridRow[];
}

// The first mount loads ag-grid and the kit's catalogs: slow on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const cases = (vectors as unknown as { cases: OrderCase[] }).cases;

/** The rows in another order: every third from the end first, then the rest reversed. */
const shuffle = <T,>(rows: T[]): T[] => {
  const picked = rows.filter((_, i) => i % 3 === 2).reverse();
  return [...picked, ...rows.filter((_, i) => i % 3 !== 2).reverse()];
};

describe("the product library's order (testdata/vectors/catalogorder.json, the product query's order of the demo catalog)", () => {
  it.each(cases.map((c) => [JSON.stringify(c.grid), c] as const))('sorted by %s, rows shuffled come back in the server order', (_name, c) => {
    // The grid's sort is the query's the vectors were read with.
    expect(Object.entries(toQuerySort(c.grid) ?? {})).toEqual(c.sort);
    const order = catalogOrder(c.grid);
    expect(order).not.toBeNull();
    // As the grid holds them: the location's values lifted onto the row.
    const rows = c.rows.map((r) => liftLocation({ ...r, version: 1 }));
    expect(shuffle(rows).sort(order!).map((r) => r.id)).toEqual(rows.map((r) => r.id));
  });
});

/** An NDJSON answer of the product query. */
const ndjson = (rows: GridRow[], total: number) =>
  new Response([JSON.stringify({ totalCount: total }), ...rows.map((r) => JSON.stringify(r)), JSON.stringify({ done: true, count: rows.length })].join('\n') + '\n', {
    status: 200,
    headers: { 'Content-Type': 'application/x-ndjson' },
  });

describe('the product library grid', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a product another user added where the product query puts it, not at the top', async () => {
    // The demo catalog's products in the query's own order (style, then colour), less one.
    const all = cases.find((c) => c.grid.length === 0)!.rows.map((r) => ({ ...r, version: 1 }) as GridRow);
    const fresh = all[10]!;
    const stored = all.filter((r) => r.id !== fresh.id);
    const fetch = fakeFetch({
      'POST /api/products/query': (init) => {
        const q = JSON.parse(String(init.body)) as { skip?: number; limit?: number };
        const from = q.skip ?? 0;
        return ndjson(stored.slice(from, from + (q.limit ?? 100)), stored.length);
      },
      'POST /api/products/summary': () => json(200, { data: { totalCount: stored.length, columns: {} } }),
    });
    // The rows come through the stream reader, the footer's summary through the kit's api.
    vi.stubGlobal('fetch', fetch);
    configureApi({ fetch });
    const handle = createRef<DataGridHandle>();
    renderWithShell(<CatalogGrid query={{}} emptyText="none" testId="catalog" handle={(h) => ((handle as { current: DataGridHandle | null }).current = h)} />);
    const ctrl = () => handle.current!.controller;
    await waitFor(() => expect(ctrl().rows.size).toBe(stored.length), { timeout: 20_000 });

    stored.splice(10, 0, fresh);
    act(() => void ctrl().applyLiveRows([liftLocation(fresh)], [], [], { added: [fresh.id] }));
    const api = ctrl().api!;
    const shown = Array.from({ length: api.getDisplayedRowCount() }, (_, i) => (api.getDisplayedRowAtIndex(i)!.data as GridRow).id);
    expect(shown.indexOf(fresh.id)).toBe(10);
    expect(shown).toEqual(all.map((r) => r.id));
    expect(ctrl().ui.get().total).toBe(all.length);
  });
});
