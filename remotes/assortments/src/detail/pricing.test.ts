import { describe, expect, it } from 'vitest';
import { GridController, type DataGridHandle, type GridRow } from '@its/grid';
import { editPricing, markup, provisional, type Pricing } from './pricing';
import { showProvisionalPrices } from './DetailGrid';

const base: Pricing = { cost: 50, discountPercent: 10, discountAmount: 5, netCost: 45, suggestedRetail: 100 };

describe('the linked prices (spec §5.1), as the server computes them', () => {
  const cases: Array<[string, Parameters<typeof editPricing>[1], number | null, number, [number | null, number | null, number | null, number | null] | string]> = [
    ['cost holds the percentage', 'cost', 80, 2, [80, 10, 8, 72]],
    ['percentage holds cost', 'discountPercent', 25, 2, [50, 25, 12.5, 37.5]],
    ['percentage rounds to 2 decimals', 'discountPercent', 33.333, 2, [50, 33.33, 16.67, 33.33]],
    ['percentage above 100', 'discountPercent', 101, 2, 'discount'],
    ['clearing the percentage', 'discountPercent', null, 2, [50, null, null, 50]],
    ['amount derives the percentage', 'discountAmount', 20, 2, [50, 40, 20, 30]],
    ['amount above cost blanks net cost', 'discountAmount', 60, 2, [50, null, 60, null]],
    ['net cost derives the discount', 'netCost', 40, 2, [50, 20, 10, 40]],
    ['net cost above cost', 'netCost', 55, 2, 'netAboveCost'],
    ['negative values', 'cost', -1, 2, 'negative'],
    ['whole-unit currency (yen)', 'discountPercent', 15, 0, [50, 15, 8, 42]],
  ];
  it.each(cases)('%s', (_name, field, v, decimals, want) => {
    const res = editPricing(base, field, v, decimals);
    if (typeof want === 'string') {
      expect(res.error).toBe(want);
      expect(res.pricing).toEqual(base);
      return;
    }
    expect(res.error).toBeUndefined();
    const p = res.pricing;
    expect([p.cost, p.discountPercent, p.discountAmount, p.netCost]).toEqual(want);
  });

  it('markup is (retail − net) / retail, nothing without a retail price', () => {
    expect(markup({ ...base, netCost: 40 })).toBe(60);
    expect(markup({ ...base, suggestedRetail: 0 })).toBeNull();
    expect(markup({ ...base, netCost: null })).toBeNull();
  });

  it('a row shows the edited prices applied in the server order; refused edits show nothing', () => {
    const row = { cost: '34.13', netCost: 34.13, discountPercent: null, discountAmount: null, suggestedRetail: 85.99 };
    expect(provisional(row, { discountPercent: 20 }, 2)).toEqual({ cost: 34.13, discountPercent: 20, discountAmount: 6.83, netCost: 27.3, suggestedRetail: 85.99, initialMarkup: 68.25 });
    // Cost first, then the percentage (one paste of two columns).
    expect(provisional(row, { discountPercent: 10, cost: 40 }, 2)).toMatchObject({ cost: 40, discountAmount: 4, netCost: 36 });
    expect(provisional(row, { discountPercent: 140 }, 2)).toBeNull();
    expect(provisional(row, { label: 'Hero' } as never, 2)).toBeNull();
  });
});

describe('showing the recalculation in the grid', () => {
  it('lays the linked values over the edited row until the server answers', () => {
    const ctrl = new GridController();
    const confirmed = { id: '7', version: 3, cost: 50, netCost: 50, discountPercent: null, discountAmount: null, suggestedRetail: 100 };
    ctrl.rows.set('7', { ...confirmed, discountPercent: 10 });
    ctrl.writer.track([confirmed]);
    ctrl.writer.configure({ delayMs: 60_000 });
    ctrl.writer.update([{ rowId: '7', field: 'discountPercent', value: 10 }]);
    const grid = {
      getRow: (id: string) => ctrl.rows.get(id),
      getConfirmedRow: (id: string) => ctrl.writer.confirmedRow(id),
      getPendingChanges: (id: string) => ctrl.writer.pendingChanges(id),
      showRows: (rows: GridRow[]) => ctrl.showRows(rows),
    } as unknown as DataGridHandle;
    showProvisionalPrices(grid, ['7'], 2);
    expect(ctrl.rows.get('7')).toMatchObject({ discountPercent: 10, discountAmount: 5, netCost: 45, initialMarkup: 55 });
    // What the server confirmed stays the base of the next write.
    expect(ctrl.writer.confirmedRow('7')).toMatchObject({ netCost: 50 });
    expect(ctrl.writer.pendingValue('7', 'netCost')).toBeUndefined();
  });
});
