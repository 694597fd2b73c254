import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import type { OrderBatch } from '../api';
import { clearWarnedCells, utcToday, warningText } from './warnings';

const packCodes = [
  { code: 'M12', packSize: 12, perSize: 2 },
  { code: 'S01', packSize: 1, perSize: 1 },
];
const stored = { id: 'l1', version: 3, style: '100018', color: 'BKMT', packCode: 'S01', sizes: { '8': 4 }, startDate: '2026-03-15', endDate: '2026-04-20' };
const confirmed = (id: string) => (id === 'l1' ? stored : undefined);

describe('clearWarnedCells (§5.2 before a write)', () => {
  it('clears a warned pack code, keeps a warned date as stored and sends the rest', () => {
    const batch: OrderBatch = {
      updateProducts: [{ id: 'l1', version: 3, changes: { packCode: ' x99 ', startDate: '01/01/2000', endDate: '2026-04-25', sizes: { '9': 6 } } }],
    };
    const warned = clearWarnedCells(batch, confirmed, packCodes, '2026-03-15');
    expect(warned).toEqual([
      { id: 'l1', field: 'startDate', rule: 'past', message: 'Start date cannot be more than 1 week in the past' },
      { id: 'l1', field: 'packCode', rule: 'packCodeUnknown', message: 'Unknown pack code X99' },
    ]);
    expect(batch.updateProducts?.[0]?.changes).toEqual({ packCode: null, startDate: '2026-03-15', endDate: '2026-04-25', sizes: { '9': 6 } });
  });

  it('checks a stored pack code against new sizes and an end before the stored start', () => {
    const batch: OrderBatch = { updateProducts: [{ id: 'l1', version: 3, changes: { sizes: { '8': 3 } } }] };
    expect(clearWarnedCells(batch, () => ({ ...stored, packCode: 'M12' }), packCodes, '2026-03-15').map((w) => w.rule)).toEqual(['packCodeQuantities']);
    expect(batch.updateProducts?.[0]?.changes).toEqual({ sizes: { '8': 3 }, packCode: null });
    const ends: OrderBatch = { updateProducts: [{ id: 'l1', version: 3, changes: { endDate: '2026-03-10' } }] };
    expect(clearWarnedCells(ends, confirmed, packCodes, '2026-03-15')).toEqual([{ id: 'l1', field: 'endDate', rule: 'order', message: 'End date cannot be before start date' }]);
    expect(ends.updateProducts?.[0]?.changes).toEqual({ endDate: '2026-04-20' });
  });

  it('drops a warned date of a new line (the server gives the default window) and leaves good lines alone', () => {
    const batch: OrderBatch = {
      addProducts: [
        { tempId: 't1', style: '100018', color: 'BKMT', values: { startDate: '2999-01-01', packCode: 'm12', sizes: { '8': 6, '9': 6 } } },
        { tempId: 't2', style: '100018', color: 'BKMT', values: { packCode: 's01' } },
      ],
    };
    expect(clearWarnedCells(batch, confirmed, packCodes, '2026-03-15')).toEqual([
      { tempId: 't1', field: 'startDate', rule: 'future', message: 'Start date cannot be more than 1 year in future' },
    ]);
    expect(batch.addProducts?.map((a) => a.values)).toEqual([{ packCode: 'M12', sizes: { '8': 6, '9': 6 } }, { packCode: 'S01' }]);
  });

  it('words a warning from the catalog, the pack code taken from the server text', () => {
    const intl = createIntl({ locale: 'ja-JP', messages: { 'orders.warning.packCode.packCodeAL': 'パックコード {code}: A〜L のコードは注文できません' } });
    expect(warningText(intl, { field: 'packCode', rule: 'packCodeAL', message: 'Pack code A12: A-L codes cannot be ordered' })).toBe('パックコード A12: A〜L のコードは注文できません');
    expect(warningText(intl, { field: 'style', rule: 'other', message: 'As the server says' })).toBe('As the server says');
    expect(utcToday(new Date('2026-03-15T23:30:00-05:00'))).toBe('2026-03-16');
  });
});
