import { describe, expect, it } from 'vitest';
import type { ColumnType, GridRow } from '@its/grid';
import vectors from '../../../testdata/vectors/assortmentorder.json';
import type { View } from './api';
import { listOrder } from './list/listSource';
import { staticOrder } from './detail/staticOrder';

/** The server's answers (modules/assortments TestAssortmentOrderVectors): each list view's entries and a static assortment's rows, in its order. */
const v = vectors as unknown as { lists: Array<{ view: View; rows: GridRow[] }>; static: GridRow[] };

/** The list grid's columns the views order by, typed as the server's list grid types them. */
const LIST_COLUMNS: Array<{ field: string; type: ColumnType }> = [
  { field: 'type', type: 'text' },
  { field: 'title', type: 'text' },
  { field: 'modifiedDate', type: 'datetime' },
  { field: 'scheduledDate', type: 'datetime' },
];

/** The rows in another order: every third from the end first, then the rest reversed. */
const shuffle = <T>(rows: T[]): T[] => [...rows.filter((_, i) => i % 3 === 2).reverse(), ...rows.filter((_, i) => i % 3 !== 2).reverse()];

describe("the assortments' own orders (testdata/vectors/assortmentorder.json, as the server answers them)", () => {
  it.each(v.lists.map((l) => [l.view, l] as const))('the %s list: entries shuffled come back in the server order', (_view, l) => {
    const order = listOrder(l.view)([], LIST_COLUMNS);
    expect(order).not.toBeNull();
    const rows = l.rows.map((r) => ({ ...r, version: 1 }));
    expect(shuffle(rows).sort(order!).map((r) => r.id)).toEqual(rows.map((r) => r.id));
  });

  it('holds every view, each with entries that tie on its first key', () => {
    expect(v.lists.map((l) => l.view).sort()).toEqual(['all', 'archived', 'quick-access', 'recent', 'scheduled', 'starred']);
  });

  it("a static assortment's rows shuffled come back in the server order; a sort by the user is the server's own (no client order)", () => {
    const order = staticOrder([]);
    expect(order).not.toBeNull();
    const rows = v.static.map((r) => ({ ...r, version: 1 }));
    expect(shuffle(rows).sort(order!).map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(staticOrder([{ field: 'color', dir: 'asc' }])).toBeNull();
  });
});
