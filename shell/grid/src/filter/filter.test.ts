import { describe, expect, it } from 'vitest';
import vectors from '../../../../testdata/vectors/where.json';
import type { GridColumn } from '../types';
import { addTo, builderColumns, canNest, countConditions, draftToWhere, firstBadValue, newCondition, newGroup, removeNode, setField, setJoin, setOp, setValues, whereToDraft, type DraftGroup } from './draft';
import { cellMatches, wherePredicate } from './evaluate';
import { builderOps, conditionsOf, normalizeWhere, removeAt, setFieldCondition, toWire, topConditions, wireValue, type WhereNode } from './where';

const col = (field: string, type: GridColumn['type'], extra: Partial<GridColumn> = {}): GridColumn => ({ field, headerName: field, type, editable: false, validators: [], filterable: true, ...extra });
const division = col('division', 'text', { options: ['Work', 'Kids', 'Performance'] });
const price = col('wholesalePrice', 'number');
const season = col('season', 'text');
const year = col('year', 'integer');
const avail = col('availabilityDate', 'date');
const columns = [division, price, season, year, avail];

/** The issue's filter: division is any of Work, Kids AND (wholesale price > 50 OR season = SP). */
const issueTree: WhereNode = {
  and: [
    { field: 'division', op: 'in', values: ['Work', 'Kids'] },
    { or: [{ field: 'wholesalePrice', op: 'gt', values: ['50'] }, { field: 'season', op: 'in', values: ['SP'] }] },
  ],
};

describe('operators by type', () => {
  it('offers text, list, number and date operators within the server whitelist', () => {
    expect(builderOps(season)).toEqual(['contains', 'in', 'startsWith', 'blank', 'notBlank']);
    expect(builderOps(division)).toEqual(['in', 'notIn', 'blank', 'notBlank']);
    expect(builderOps(price)).toEqual(['in', 'notIn', 'lt', 'lte', 'gt', 'gte', 'between', 'blank']);
    expect(builderOps(avail)).toEqual(builderOps(price));
    expect(builderOps(col('flag', 'boolean'))).toEqual(['in', 'blank']);
    expect(builderOps(col('tags', 'multiSelect', { options: ['A'] }))).toEqual(['in', 'notIn', 'blank', 'notBlank']);
  });
  it('lists the filterable columns: the server whitelist, or every column not refused on loaded rows', () => {
    const hidden = col('secret', 'text', { filterable: false });
    const plain = { ...col('note', 'text'), filterable: undefined };
    expect(builderColumns([division, hidden, plain], 'server').map((c) => c.field)).toEqual(['division']);
    expect(builderColumns([division, hidden, plain], 'client').map((c) => c.field)).toEqual(['division', 'note']);
  });
});

describe('value rules (spec §5.3: empty dropped, duplicates ignored, several values only where allowed)', () => {
  it('normalizes as the server does', () => {
    expect(
      normalizeWhere({
        and: [
          { field: 'division', op: 'in', values: [' Work', 'work', '', 'Kids '] },
          { or: [{ field: 'season', op: 'contains', values: [''] }] },
          { field: 'wholesalePrice', op: 'between', values: ['10'] },
          { field: 'year', op: 'gt', values: ['2024', '2025'] },
          { field: 'availabilityDate', op: 'blank', values: ['x'] },
        ],
      }),
    ).toEqual({
      and: [
        { field: 'division', op: 'in', values: ['Work', 'Kids'] },
        { field: 'year', op: 'gt', values: ['2024'] },
        { field: 'availabilityDate', op: 'blank', values: [] },
      ],
    });
    expect(normalizeWhere({ or: [] })).toBeNull();
    expect(normalizeWhere({ and: [{ or: [{ field: 'season', op: 'in', values: ['SP'] }] }] })).toEqual({ field: 'season', op: 'in', values: ['SP'] });
    expect(normalizeWhere({ field: 'wholesalePrice', op: 'between', values: ['5', '5'] })).toEqual({ field: 'wholesalePrice', op: 'between', values: ['5', '5'] });
  });
  it('sends & as %26 and an encoded column URI-encoded once more', () => {
    expect(wireValue(season, 'BLK&WHT')).toBe('BLK%26WHT');
    const features = vectors.columns.find((c) => c.field === 'features') as GridColumn;
    expect(wireValue(features, 'Lights & Sound')).toBe('Lights%20%2526%20Sound');
    expect(toWire({ and: [{ field: 'season', op: 'in', values: ['A&B', ''] }, { or: [] }] }, columns)).toEqual({ field: 'season', op: 'in', values: ['A%26B'] });
    expect(toWire(null, columns)).toBeNull();
  });
});

describe('editing the tree', () => {
  it('builds the issue filter in the draft and applies exactly the where JSON', () => {
    let d: DraftGroup = whereToDraft(null);
    const c1 = newCondition(division);
    d = addTo(d, d.id, c1);
    d = setValues(d, c1.id, ['Work', 'Kids']);
    const g = newGroup('or', [newCondition(price)]);
    d = addTo(d, d.id, g);
    const priceCond = g.items[0]!;
    d = setOp(d, priceCond.id, 'gt');
    d = setValues(d, priceCond.id, ['50']);
    const c3 = newCondition(division);
    d = addTo(d, g.id, c3);
    d = setField(d, c3.id, season);
    d = setOp(d, c3.id, 'in');
    d = setValues(d, c3.id, ['SP']);
    expect(countConditions(d)).toBe(3);
    expect(draftToWhere(d)).toEqual(issueTree);
    // Round trip: the applied tree opens in the builder as it was.
    expect(draftToWhere(whereToDraft(issueTree))).toEqual(issueTree);
  });
  it('changes the join, the column and the operator, keeping what still fits', () => {
    let d = whereToDraft(issueTree);
    const group = d.items[1] as DraftGroup;
    d = setJoin(d, group.id, 'and');
    expect(draftToWhere(d)).toEqual({ and: [issueTree.and[0], { and: (issueTree.and[1] as { or: WhereNode[] }).or }] });
    const first = d.items[0]!;
    // Another column drops the values; an operator it also has stays.
    expect((setField(d, first.id, season).items[0] as { op: string; values: string[] })).toMatchObject({ field: 'season', op: 'in', values: [] });
    const between = setOp(setValues(d, first.id, ['1', '2', '3']), first.id, 'between');
    expect((between.items[0] as { values: string[] }).values).toEqual(['1', '2']);
    expect((setOp(d, first.id, 'blank').items[0] as { values: string[] }).values).toEqual([]);
  });
  it('removes conditions and groups; an emptied group goes', () => {
    let d = whereToDraft(issueTree);
    const group = d.items[1] as DraftGroup;
    d = removeNode(d, group.items[0]!.id);
    expect(draftToWhere(d)).toEqual({ and: [issueTree.and[0], { field: 'season', op: 'in', values: ['SP'] }] });
    d = removeNode(d, group.id);
    expect(draftToWhere(d)).toEqual(issueTree.and[0]);
    expect(draftToWhere(removeNode(d, d.id))).toBeNull();
  });
  it('unfinished conditions are dropped; a value not of the type is named', () => {
    let d = whereToDraft(null);
    const c = newCondition(price);
    d = addTo(d, d.id, c);
    expect(draftToWhere(d)).toBeNull();
    d = setValues(d, c.id, ['fifty']);
    expect(firstBadValue(d, columns)).toEqual({ id: c.id, field: 'wholesalePrice', value: 'fifty' });
    d = setValues(d, c.id, ['50.5']);
    expect(firstBadValue(d, columns)).toBeNull();
  });
  it('nests groups at most five deep', () => {
    let d = whereToDraft(null);
    let parent: DraftGroup = d;
    for (let i = 0; i < 4; i++) {
      const g = newGroup('or');
      d = addTo(d, parent.id, g);
      parent = g;
    }
    expect(canNest(d, parent.id)).toBe(false);
    expect(canNest(d, d.id)).toBe(true);
  });
  it('a column filter is a top condition: set, replaced and removed without touching the groups', () => {
    let t = setFieldCondition(issueTree, 'year', { field: 'year', op: 'gte', values: ['2025'] });
    expect(topConditions(t).map((c) => c.field)).toEqual(['division', 'year']);
    t = setFieldCondition(t, 'division', { field: 'division', op: 'in', values: ['Kids'] });
    expect(conditionsOf(t).map((c) => `${c.field}:${c.values.join('|')}`)).toEqual(['wholesalePrice:50', 'season:SP', 'year:2025', 'division:Kids']);
    t = setFieldCondition(setFieldCondition(t, 'year', null), 'division', null);
    expect(t).toEqual(issueTree.and[1]);
    // An OR at the top: a column filter is AND-ed with it.
    expect(setFieldCondition(issueTree.and[1]!, 'year', { field: 'year', op: 'in', values: ['2025'] })).toEqual({ and: [issueTree.and[1], { field: 'year', op: 'in', values: ['2025'] }] });
    expect(topConditions(issueTree.and[1]!)).toEqual([]);
  });
  it('removes a chip by its path', () => {
    expect(removeAt(issueTree, [1, 0])).toEqual({ and: [issueTree.and[0], { field: 'season', op: 'in', values: ['SP'] }] });
    expect(removeAt(issueTree, [1])).toEqual(issueTree.and[0]);
    expect(removeAt(issueTree.and[0]!, [])).toBeNull();
  });
});

describe('evaluating the tree on loaded rows (shared vectors with the server)', () => {
  const cols = vectors.columns as GridColumn[];
  // Values in the vectors are as sent: the kit holds them as typed.
  const decode = (n: WhereNode): WhereNode => {
    if ('and' in n) return { and: n.and.map(decode) };
    if ('or' in n) return { or: n.or.map(decode) };
    const c = cols.find((x) => x.field === n.field);
    return { ...n, values: n.values.map((v) => (c?.encoded ? decodeURIComponent(v) : v).replace(/%26/g, '&')) };
  };
  for (const tc of vectors.cases) {
    it(tc.name, () => {
      const pass = wherePredicate(decode(tc.where as WhereNode), cols);
      expect(vectors.rows.filter((r) => pass(r)).map((r) => r.style)).toEqual(tc.want);
    });
  }
  it('sending a typed tree gives the vectors their wire form', () => {
    const typed: WhereNode = { field: 'features', op: 'in', values: ['Lights & Sound'] };
    expect(toWire(typed, cols)).toEqual(vectors.cases.find((c) => c.name.startsWith("an encoded column's"))!.where);
  });
});

describe('evaluating single cells', () => {
  const moldDate = col('moldDate', 'date');
  const tags = col('tags', 'multiSelect');
  it('compares by type, ignores case for text, treats empty cells as blank', () => {
    expect(cellMatches(division, 'Work', { field: 'division', op: 'in', values: ['work', 'Kids'] })).toBe(true);
    expect(cellMatches(division, "Men's Sport", { field: 'division', op: 'contains', values: ['SPORT'] })).toBe(true);
    expect(cellMatches(division, "Men's Sport", { field: 'division', op: 'startsWith', values: ['sport'] })).toBe(false);
    expect(cellMatches(price, 60, { field: 'wholesalePrice', op: 'gt', values: ['50'] })).toBe(true);
    expect(cellMatches(price, 50, { field: 'wholesalePrice', op: 'gt', values: ['50'] })).toBe(false);
    expect(cellMatches(price, '50.00', { field: 'wholesalePrice', op: 'in', values: ['50'] })).toBe(true);
    expect(cellMatches(price, null, { field: 'wholesalePrice', op: 'lt', values: ['50'] })).toBe(false);
    expect(cellMatches(price, null, { field: 'wholesalePrice', op: 'notIn', values: ['50'] })).toBe(true);
    expect(cellMatches(price, null, { field: 'wholesalePrice', op: 'blank', values: [] })).toBe(true);
    expect(cellMatches(moldDate, '02/01/2025', { field: 'moldDate', op: 'lte', values: ['2025-01-15'] })).toBe(false);
    expect(cellMatches(moldDate, '2025-01-15', { field: 'moldDate', op: 'between', values: ['01/01/2025', '01/15/2025'] })).toBe(true);
    expect(cellMatches(tags, ['A', 'B'], { field: 'tags', op: 'in', values: ['b'] })).toBe(true);
    expect(cellMatches(tags, [], { field: 'tags', op: 'blank', values: [] })).toBe(true);
  });
  it('an unknown column matches nothing; no filter matches everything', () => {
    expect(wherePredicate({ field: 'nope', op: 'blank', values: [] }, columns)({ nope: null })).toBe(false);
    expect(wherePredicate(null, columns)({})).toBe(true);
  });
});
