import { describe, expect, it } from 'vitest';
import { GroupLayout, NULL_GROUP_KEY, serverGroupKey } from './groupLayout';

describe('GroupLayout', () => {
  // Boys 3, Girls 0 (an empty group), Mens 2, no value 1: slots H0 B B B H1 H2 M M H3 N (0 to 9).
  const layout = new GroupLayout('gender', [
    { value: 'Boys', count: 3 },
    { value: 'Girls', count: 0 },
    { value: 'Mens', count: 2 },
    { value: null, count: 1 },
  ]);

  it('places each row after its group header and every earlier group', () => {
    expect(layout.total).toBe(6);
    expect([0, 1, 2, 3, 4, 5].map((p) => layout.slot(p))).toEqual([1, 2, 3, 6, 7, 9]);
    expect([0, 1, 2, 3].map((i) => layout.headerSlot(i))).toEqual([0, 4, 5, 8]);
  });

  it('finds a member slot’s data position and knows header slots', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((s) => layout.dataPos(s))).toEqual([-1, 0, 1, 2, -1, -1, 3, 4, -1, 5]);
    for (let p = 0; p < layout.total; p++) expect(layout.dataPos(layout.slot(p))).toBe(p);
  });

  it('gives the header rows with the server’s counts; NULL and empty text are different groups', () => {
    const h = layout.headers();
    expect(h.map((g) => g.__group.count)).toEqual([3, 0, 2, 1]);
    expect(h[3]!.__group).toMatchObject({ key: NULL_GROUP_KEY, value: null });
    expect(new Set(h.map((g) => g.id)).size).toBe(4);
    expect(serverGroupKey('')).not.toBe(serverGroupKey(null));
    expect(serverGroupKey(2025)).toBe('2025');
  });
});
