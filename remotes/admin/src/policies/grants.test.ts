import shipped from '../../../../policies/grants.json?raw';
import { actions } from '@its/kit';
import { describe, expect, it } from 'vitest';
import { addEntry, removeEntry, changedActions, entriesOf, parseGrants, serialize, setDepartment, setNarrow, setRole, turnAround } from './grants';

const ROLES = ['user', 'editor', 'seniorEditor', 'manager'];

const edit = actions.assortmentsEdit.id;

describe('grants.json', () => {
  it('writes the shipped file back byte for byte', () => {
    expect(serialize(parseGrants(shipped))).toBe(shipped);
  });

  it('takes a role away in one line and gives it back', () => {
    const g = parseGrants(shipped);
    const without = setRole(g, edit, 0, 'seniorEditor', false, ROLES);
    expect(entriesOf(without, edit)[0]).toEqual({ domain: 'its:productAssortments', roles: ['editor', 'manager'], narrow: ['channel'] });
    expect(changedActions(g, without)).toEqual([edit]);
    const text = serialize(without);
    expect(text.split('\n').filter((l, i) => l !== shipped.split('\n')[i])).toEqual([
      '    {"domain": "its:productAssortments", "roles": ["editor", "manager"], "narrow": ["channel"]}',
    ]);
    expect(serialize(setRole(without, edit, 0, 'seniorEditor', true, ROLES))).toBe(shipped);
  });

  it('names every other role when one is taken from "any role", and drops an entry left with none', () => {
    let g = parseGrants('{\n  "a": [\n    {"domain": "its:x"}\n  ]\n}\n');
    g = setRole(g, 'a', 0, 'user', false, ROLES);
    expect(entriesOf(g, 'a')[0]?.roles).toEqual(['editor', 'seniorEditor', 'manager']);
    for (const r of ['editor', 'seniorEditor', 'manager']) g = setRole(g, 'a', 0, r, false, ROLES);
    expect(entriesOf(g, 'a')).toEqual([]);
  });

  it('keeps the key order when narrowing and departments change', () => {
    let g = parseGrants('{\n  "a": [\n    {"domain": "its:x", "roles": ["user"]}\n  ]\n}\n');
    g = setNarrow(g, 'a', 0, 'region', true, ['channel', 'region', 'productType']);
    g = setNarrow(g, 'a', 0, 'channel', true, ['channel', 'region', 'productType']);
    g = setDepartment(g, 'a', 0, 'library');
    expect(serialize(g)).toContain('{"domain": "its:x", "roles": ["user"], "narrow": ["channel", "region"], "department": "library"}');
    g = addEntry(g, 'b', 'its:y', 'editor');
    expect(entriesOf(g, 'b')).toEqual([{ domain: 'its:y', roles: ['editor'] }]);
    g = addEntry(g, 'b', 'flag:wof', '');
    expect(serialize(g)).toContain('    {"flag": "wof"}\n');
    g = removeEntry(g, 'b', 0);
    expect(entriesOf(g, 'b')).toEqual([{ flag: 'wof' }]);
  });
});

describe('turnAround', () => {
  const files = { 'x_test.rego': 'package t\n\ntest_x_edit_allow_seniorEditor if t.allowed("x", {}, u)\ntest_x_view_deny_user if not t.allowed("y", {}, u)\ntest_other if {\n\ttrue\n}\n' };
  it('turns an allow test into a deny test and back', () => {
    const once = turnAround(files, { name: 'n', file: 'x_test.rego', row: 3, passed: false });
    expect(once?.['x_test.rego']?.split('\n')[2]).toBe('test_x_edit_deny_seniorEditor if not t.allowed("x", {}, u)');
    const back = turnAround(files, { name: 'n', file: 'x_test.rego', row: 4, passed: false });
    expect(back?.['x_test.rego']?.split('\n')[3]).toBe('test_x_view_allow_user if t.allowed("y", {}, u)');
  });
  it('leaves a test of another form to the Rego editor', () => {
    expect(turnAround(files, { name: 'n', file: 'x_test.rego', row: 5, passed: false })).toBeNull();
    expect(turnAround(files, { name: 'n', file: 'missing.rego', row: 1, passed: false })).toBeNull();
  });
});
