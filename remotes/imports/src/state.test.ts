import { describe, expect, it } from 'vitest';
import { afterEdit, buttonFor } from './state';

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
