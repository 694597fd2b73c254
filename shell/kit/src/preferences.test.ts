import { describe, expect, it } from 'vitest';
import { PREFERENCES_KEY, getPreference, reloadPreferences, setPreference } from './preferences';

describe('local preferences', () => {
  it('live under one storage key', () => {
    reloadPreferences();
    expect(setPreference('language', 'de-DE')).toBe(true);
    expect(setPreference('grid.assortments.density', 'compact')).toBe(true);
    expect(Object.keys(window.localStorage)).toEqual([PREFERENCES_KEY]);
    expect(JSON.parse(window.localStorage.getItem(PREFERENCES_KEY)!)).toEqual({ language: 'de-DE', grid: { assortments: { density: 'compact' } } });
    expect(getPreference('grid.assortments.density')).toBe('compact');
  });

  it('need both a path and a value', () => {
    reloadPreferences();
    expect(setPreference('', 'de-DE')).toBe(false);
    expect(setPreference('language', undefined)).toBe(false);
    expect(setPreference('language', null)).toBe(false);
    expect(window.localStorage.getItem(PREFERENCES_KEY)).toBeNull();
  });

  it('survive a broken storage entry', () => {
    window.localStorage.setItem(PREFERENCES_KEY, '{not json');
    reloadPreferences();
    expect(getPreference('language')).toBeUndefined();
  });
});
