/**
 * The clearing of warned cells against the shared vectors (testdata/vectors/wholesale.json,
 * 'clearing'), which the server's modules/orders tests read too (warnDates, warnPackCode).
 */
import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import wholesale from '../../../../testdata/vectors/wholesale.json';
import type { OrderBatch } from '../api';
import { clearWarnedCells, utcToday, warningText, type LineWarning } from './warnings';

interface ClearingCase {
  note: string;
  stored?: Record<string, unknown>;
  written: Record<string, unknown>;
  after: Record<string, unknown>;
  warnings: Array<Omit<LineWarning, 'id' | 'tempId'>>;
}

const packCodes = Object.entries(wholesale.packCodes.known as Record<string, number[]>).map(([code, [packSize, perSize]]) => ({
  code,
  packSize: packSize ?? 0,
  perSize: perSize ?? 0,
}));

describe('clearWarnedCells (§5.2 before a write)', () => {
  const cases = (wholesale as unknown as { clearing: ClearingCase[] }).clearing;
  it('has cases', () => expect(cases.length).toBeGreaterThan(4));
  for (const c of cases) {
    it(c.note, () => {
      const written = structuredClone(c.written);
      const batch: OrderBatch = c.stored
        ? { updateProducts: [{ id: 'l1', version: 3, changes: written }] }
        : { addProducts: [{ tempId: 't1', style: '100018', color: 'BKMT', values: written }] };
      const stored = c.stored ? { id: 'l1', version: 3, style: '100018', color: 'BKMT', ...c.stored } : undefined;
      const warned = clearWarnedCells(batch, (id) => (id === 'l1' ? stored : undefined), packCodes, wholesale.today);
      const line = c.stored ? { id: 'l1' } : { tempId: 't1' };
      expect(warned).toEqual(c.warnings.map((w) => ({ ...line, ...w })));
      expect(c.stored ? batch.updateProducts?.[0]?.changes : batch.addProducts?.[0]?.values).toEqual(c.after);
    });
  }

  it('words a warning from the catalog, naming its value', () => {
    const intl = createIntl({ locale: 'ja-JP', messages: { 'orders.warning.packCode.packCodeAL': 'パックコード {code}: A〜L のコードは注文できません' } });
    expect(warningText(intl, { field: 'packCode', rule: 'packCodeAL', message: 'Pack code A12: A-L codes cannot be ordered', value: 'A12' })).toBe('パックコード A12: A〜L のコードは注文できません');
    expect(warningText(intl, { field: 'style', rule: 'other', message: 'As the server says' })).toBe('As the server says');
    expect(utcToday(new Date('2026-03-15T23:30:00-05:00'))).toBe('2026-03-16');
  });
});
