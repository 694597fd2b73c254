import { describe, expect, it } from 'vitest';
import { addShortcut, allowsMultiple, conditionsToWhere, removeShortcut, shortcutValues, type FilterAllowance } from './shortcut';
import type { WhereNode } from './where';

// A module that allows several values, one group that does not, one filter that does not.
const allowance: FilterAllowance = {
  multiple: true,
  groups: { attributes: { multiple: true }, season: { multiple: false } },
  filters: {
    division: { group: 'attributes', multiple: true },
    pillar: { group: 'attributes', multiple: false },
    season: { group: 'season', multiple: true },
  },
};

describe('allowsMultiple (spec §5.3: module, group and filter all allow multiple)', () => {
  it('needs all three', () => {
    expect(allowsMultiple(allowance, 'division')).toBe(true);
    expect(allowsMultiple(allowance, 'pillar')).toBe(false);
    expect(allowsMultiple(allowance, 'season')).toBe(false);
    expect(allowsMultiple({ ...allowance, multiple: false }, 'division')).toBe(false);
  });
  it('an undeclared filter takes one value', () => {
    expect(allowsMultiple(allowance, 'gender')).toBe(false);
  });
});

const add = (t: WhereNode | null, field: string, v: string) => addShortcut(t, allowance, field, v)!.where;
const rm = (t: WhereNode | null, field: string, v: string) => removeShortcut(t, field, v)!.where;

describe('bar shortcuts on the filter tree', () => {
  it('adds values to one condition of a multiple filter, ignoring a duplicate', () => {
    let t: WhereNode | null = add(null, 'division', 'Kids');
    expect(t).toEqual({ field: 'division', op: 'in', values: ['Kids'] });
    t = add(t, 'division', 'Work');
    expect(t).toEqual({ field: 'division', op: 'in', values: ['Kids', 'Work'] });
    expect(addShortcut(t, allowance, 'division', 'kids')).toBeNull();
    expect(addShortcut(t, allowance, 'division', '  ')).toBeNull();
    expect(shortcutValues(t, 'division')).toEqual(['Kids', 'Work']);
  });

  it('replaces the value of a single-value filter', () => {
    let t = add(null, 'pillar', 'Run');
    t = add(t, 'pillar', 'Trail');
    expect(shortcutValues(t, 'pillar')).toEqual(['Trail']);
    t = add(t, 'season', 'FA');
    t = add(t, 'season', 'SP');
    expect(shortcutValues(t, 'season')).toEqual(['SP']);
    expect(shortcutValues(t, 'pillar')).toEqual(['Trail']);
  });

  it('keeps the rest of the tree (builder groups and other operators) AND-ed', () => {
    const built: WhereNode = {
      and: [
        { or: [{ field: 'year', op: 'gt', values: ['2024'] }, { field: 'name', op: 'contains', values: ['run'] }] },
        { field: 'division', op: 'notIn', values: ['POP'] },
      ],
    };
    const t = add(built, 'division', 'Kids');
    expect(t).toEqual({ and: [...(built as { and: WhereNode[] }).and, { field: 'division', op: 'in', values: ['Kids'] }] });
    // The "is not" condition is not the bar's: its values are not shown as chosen.
    expect(shortcutValues(t, 'division')).toEqual(['Kids']);
    const back = rm(t, 'division', 'Kids');
    expect(back).toEqual(built);
  });

  it('removes one value; the last one takes the condition away', () => {
    let t = add(null, 'division', 'Kids');
    t = add(t, 'division', 'Work');
    t = add(t, 'pillar', 'Run');
    t = rm(t, 'division', 'kids');
    expect(shortcutValues(t, 'division')).toEqual(['Work']);
    t = rm(t, 'division', 'Work');
    expect(t).toEqual({ field: 'pillar', op: 'in', values: ['Run'] });
    expect(removeShortcut(t, 'division', 'Work')).toBeNull();
    expect(removeShortcut(t, 'pillar', 'Run')).toEqual({ where: null });
  });

  it('reads saved conditions (field -> values) as the same tree', () => {
    expect(conditionsToWhere({ division: ['Kids', 'Work', 'kids', ''], pillar: ['Run', 'Trail'] }, allowance)).toEqual({
      and: [
        { field: 'division', op: 'in', values: ['Kids', 'Work'] },
        { field: 'pillar', op: 'in', values: ['Trail'] },
      ],
    });
    expect(conditionsToWhere({}, allowance)).toBeNull();
  });
});
