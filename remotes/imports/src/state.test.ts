import { describe, expect, it } from 'vitest';
import { afterDelete, afterEdit, buttonFor, reviewOf } from './state';

describe('the import button follows the state (spec §2.6, §4.4)', () => {
  it('labels each state for an import and for the bulk downloader', () => {
    expect(buttonFor('start', 'import').label).toBe('imports.button.validate');
    expect(buttonFor('critical', 'import')).toEqual({ label: 'imports.button.resubmit', action: 'validate', ignoreWarnings: false });
    expect(buttonFor('warning', 'import')).toEqual({ label: 'imports.button.ignoreWarningsImport', action: 'import', ignoreWarnings: true });
    expect(buttonFor('warning', 'bulkDownloader')).toEqual({ label: 'imports.button.ignoreWarningsDownload', action: 'download', ignoreWarnings: true });
    expect(buttonFor('passed', 'import').label).toBe('imports.button.importToAssortment');
    expect(buttonFor('passed', 'import', 'sampleInventory').label).toBe('imports.button.importToSamples');
    expect(buttonFor('passed', 'bulkDownloader')).toEqual({ label: 'imports.button.download', action: 'download', ignoreWarnings: false });
    expect(buttonFor('reset', 'bulkDownloader')).toEqual({ label: 'imports.button.revalidate', action: 'validate', ignoreWarnings: false });
  });

  it('resets to Revalidate Items when a style or colour changes after validation', () => {
    expect(afterEdit('critical', 'style')).toBe('reset');
    expect(afterEdit('warning', 'color')).toBe('reset');
    expect(afterEdit('passed', 'cost')).toBe('reset');
    expect(afterEdit('critical', 'cost')).toBe('critical');
    expect(afterEdit('start', 'style')).toBe('start');
  });
});

describe('Delete item drops rows from the import (spec §4.4)', () => {
  const row = (index: number, ...severities: Array<'critical' | 'warning'>) => ({
    index,
    error: severities.map((s) => ({ field: 'style', errorType: 'x', errorSeverity: s, errorMessage: '' })),
  });
  const rows = [row(2), row(3, 'critical'), row(4, 'warning'), row(5, 'critical', 'warning'), row(6)];

  it('leaves the deleted rows out and counts the rest', () => {
    const out = afterDelete(rows, ['3', '6'], 'critical');
    expect(out.rows.map((r) => r.index)).toEqual([2, 4, 5]);
    expect(out.deleted.map((r) => r.index)).toEqual([3, 6]);
    expect(out.criticalCount).toBe(1);
    expect(out.warningCount).toBe(1);
    expect(out.status).toBe('critical');
  });

  it('asks for a validation once the last critical row is gone, and passes once the last warning is', () => {
    expect(afterDelete(rows, ['3', '5'], 'critical').status).toBe('reset');
    expect(afterDelete(rows, ['3', '5'], 'critical').criticalCount).toBe(0);
    const warned = [row(2), row(4, 'warning')];
    expect(afterDelete(warned, ['4'], 'warning').status).toBe('passed');
    expect(afterDelete(warned, ['2'], 'warning').status).toBe('warning');
    expect(afterDelete(warned, ['4'], 'reset').status).toBe('reset');
    expect(afterDelete(warned, ['9'], 'warning').deleted).toEqual([]);
  });
});

describe('the review the page sends back', () => {
  it('carries the file, the edited rows and the deleted lines, not every row', () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => ({ index: i + 2, values: { style: `S${i}`, color: 'BLK', cost: i === 5 ? '12' : '10' } }));
    const review = reviewOf('file-1', { style: 0, color: 1, cost: 2 }, rows, new Set([7, 9]), new Set([4, 3, 9]));
    expect(review).toEqual({ importId: 'file-1', mapping: { style: 0, color: 1, cost: 2 }, edited: [{ index: 7, values: { style: 'S5', color: 'BLK', cost: '12' } }], deleted: [3, 4, 9] });
    expect(JSON.stringify(review).length).toBeLessThan(1000);
  });
});
