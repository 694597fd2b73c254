import { describe, expect, it } from 'vitest';
import { GridController, type DataGridHandle, type GridRow } from '@its/grid';
import generated from '../../../../testdata/vectors/generated.json';
import vectors from '../../../../testdata/vectors/pricing.json';
import { editPricing, markup, PRICING_FIELDS, pricingOf, provisional } from './pricing';
import { showProvisionalPrices } from './DetailGrid';

interface PricingCase {
  note?: string;
  start: Record<string, number | null>;
  edits: Record<string, number | null>;
  decimals: number;
  want?: Record<string, number | null>;
  error?: string;
}

/** Each case's edits in the server's field order, as a batch applies them (the Go tests read the same files). */
function runPricing(cases: PricingCase[]) {
  for (const c of cases) {
    let p = pricingOf(c.start);
    let error: string | undefined;
    for (const f of PRICING_FIELDS) {
      if (!(f in c.edits)) continue;
      const res = editPricing(p, f, c.edits[f] ?? null, c.decimals);
      if (res.error) {
        error = res.error;
        expect(res.pricing).toEqual(p);
        break;
      }
      p = res.pricing;
    }
    const label = `${c.note ?? ''} ${JSON.stringify(c.edits)} on ${JSON.stringify(c.start)} (${c.decimals})`;
    expect(error, label).toBe(c.error);
    if (!c.error) expect(p, label).toEqual(c.want);
  }
}

describe('the linked prices (spec §5.1), as the server computes them: the shared vectors', () => {
  it('pricing.json', () => runPricing(vectors.edits as unknown as PricingCase[]));
  it('generated.json: cases answered by exact rational arithmetic', () => {
    expect(generated.pricing.length).toBeGreaterThan(1000);
    runPricing(generated.pricing as unknown as PricingCase[]);
  });
  it('markup is (retail − net) / retail, nothing without a retail price', () => {
    for (const c of vectors.markup) expect(markup(pricingOf(c)), JSON.stringify(c)).toBe(c.want);
  });
});

describe('provisional prices', () => {
  it('a row shows the edited prices applied in the server order; refused edits show nothing', () => {
    const row = { cost: '34.13', netCost: 34.13, discountPercent: null, discountAmount: null, suggestedRetail: 85.99 };
    expect(provisional(row, { discountPercent: 20 }, 2)).toEqual({ cost: 34.13, discountPercent: 20, discountAmount: 6.83, netCost: 27.3, suggestedRetail: 85.99, initialMarkup: 68.25 });
    expect(provisional(row, { discountPercent: 140 }, 2)).toBeNull();
    expect(provisional(row, { label: 'Hero' } as never, 2)).toBeNull();
  });
  it('a markup edit shows the net cost it sets', () => {
    const row = { cost: 50, netCost: 50, discountPercent: null, discountAmount: null, suggestedRetail: 100 };
    expect(provisional(row, { initialMarkup: 60 }, 2)).toEqual({ cost: 50, discountPercent: 20, discountAmount: 10, netCost: 40, suggestedRetail: 100, initialMarkup: 60 });
  });
  it('a coerced number is not a price', () => {
    const row = { cost: '0x10', netCost: 'NaN', discountPercent: null, discountAmount: null, suggestedRetail: '1e999' };
    expect(pricingOf(row)).toEqual({ cost: null, netCost: null, discountPercent: null, discountAmount: null, suggestedRetail: null });
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
