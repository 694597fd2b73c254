import { describe, expect, it } from 'vitest';
import { emptySet, isJpeg, seasonFormErrors } from './form';

describe('season form', () => {
  it('asks for a year in range and unique short names', () => {
    const [a, b] = [emptySet('Wholesale', 0), emptySet('Wholesale', 1)];
    const sets = [a, b];
    expect(seasonFormErrors({ season: 'SP', year: '2026', channel: 'Wholesale', sets })).toEqual({});
    expect(seasonFormErrors({ season: 'SP', year: '1999', channel: 'Wholesale', sets })).toEqual({ year: true });
    expect(seasonFormErrors({ season: 'SP', year: '20x6', channel: 'Wholesale', sets })).toEqual({ year: true });
    const dup = [{ ...a, shortName: 'WHS' }, { ...b, shortName: ' whs ' }];
    expect(seasonFormErrors({ season: 'SP', year: '2026', channel: 'Wholesale', sets: dup })).toEqual({ shortName: true });
    expect(seasonFormErrors({ season: 'SP', year: '2026', channel: 'Wholesale', sets: [{ ...a, shortName: ' ' }] })).toEqual({ shortName: true });
  });

  it('names new sets after the channel', () => {
    expect(emptySet('Retail', 2).shortName).toBe('RTL-3');
    expect(emptySet('Wholesale', 0)).toMatchObject({ shortName: 'WHS-1', orgType: 'internal', method: 'static' });
  });

  it('takes JPEG covers only', () => {
    expect(isJpeg(new File(['x'], 'cover.JPG', { type: 'image/jpeg' }))).toBe(true);
    expect(isJpeg(new File(['x'], 'cover.png', { type: 'image/png' }))).toBe(false);
    expect(isJpeg(new File(['x'], 'cover.jpeg', { type: 'image/png' }))).toBe(false);
  });
});
