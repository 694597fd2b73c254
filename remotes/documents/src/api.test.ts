import { describe, expect, it } from 'vitest';
import { addresses, defaultSettings } from './api';

describe('addresses', () => {
  it('splits a typed list on commas, semicolons, spaces and lines, dropping blanks', () => {
    expect(addresses(' a@example.com, b@example.com;c@example.com\n\nd@example.com  ')).toEqual(['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com']);
    expect(addresses(' , ; ')).toEqual([]);
  });
});

describe('defaultSettings', () => {
  it('starts with images, a cover page, group dividers and page numbers, and no columns', () => {
    const s = defaultSettings();
    expect(s).toMatchObject({ includeImages: true, coverPage: true, groupDividers: true, pageNumbers: true, columns: [] });
    // Each call is a fresh object: editing one document's settings never leaks into another's.
    s.columns.push('division');
    expect(defaultSettings().columns).toEqual([]);
  });
});
