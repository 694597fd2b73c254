import { describe, expect, it } from 'vitest';
import { emptyForm, listOf, toFileData } from './api';

describe('report form', () => {
  it('splits lists on commas and lines and drops blanks', () => {
    expect(listOf(' FA 2025, SP 2026\n\n ,HO 2025 ')).toEqual(['FA 2025', 'SP 2026', 'HO 2025']);
  });

  it('leaves empty fields out of fileData', () => {
    expect(toFileData(emptyForm)).toEqual({});
  });

  it('builds the key initiative from the fields set', () => {
    expect(toFileData({ ...emptyForm, seasons: 'FA 2025', dateStart: '2025-01-01', channel: 'Retail', season: 'su', year: '2031', accounts: '100215' })).toEqual({
      seasons: ['FA 2025'],
      dateStart: '2025-01-01',
      accounts: ['100215'],
      keyInitiative: { channel: 'Retail', season: 'SU', year: 2031 },
    });
  });

  it('ignores a year that is not a whole number', () => {
    expect(toFileData({ ...emptyForm, year: '20x1' })).toEqual({});
  });
});
