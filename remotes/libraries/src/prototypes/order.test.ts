import { describe, expect, it } from 'vitest';
import { moveItem } from './order';

describe('moveItem', () => {
  const list = ['a', 'b', 'c', 'd'];
  it('moves an item down and up', () => {
    expect(moveItem(list, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(list, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
  });
  it('clamps the target to the list and leaves the given list as it is', () => {
    expect(moveItem(list, 1, 99)).toEqual(['a', 'c', 'd', 'b']);
    expect(moveItem(list, 2, -5)).toEqual(['c', 'a', 'b', 'd']);
    expect(list).toEqual(['a', 'b', 'c', 'd']);
  });
  it('answers a copy unchanged for a position outside the list', () => {
    expect(moveItem(list, 7, 0)).toEqual(list);
    expect(moveItem(list, 1, 1)).toEqual(list);
  });
});
