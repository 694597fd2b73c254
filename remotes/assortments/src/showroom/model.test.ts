import { describe, expect, it } from 'vitest';
import type { DisplayGroup } from '../sort/model';
import {
  applyFilters,
  buildShowroom,
  filterOptions,
  filtersFromSearch,
  navKey,
  NO_FILTERS,
  searchOfFilters,
  sequence,
  showroomBase,
  showroomSettings,
  slugify,
  step,
  swipeAction,
  withShowroomSettings,
  type ShowroomRow,
} from './model';

const style = (s: string, colors: string[], extra: Partial<DisplayGroup['styles'][number]> = {}) => ({
  style: s,
  name: `Name ${s}`,
  productType: 'Footwear',
  styleNumeric: Number(s),
  origIndex: 0,
  gender: 'Mens',
  division: 'Mens Footwear',
  pillar: 'Work',
  outsole: '',
  upper: '',
  colors: colors.map((c) => ({ id: `row-${s}-${c}`, color: c, colorDescription: c.toLowerCase() })),
  ...extra,
});
const group = (id: string, title: string, styles: DisplayGroup['styles'], extra: Partial<DisplayGroup> = {}): DisplayGroup => ({
  id,
  index: 0,
  key: id,
  title,
  openState: true,
  alwaysOpen: false,
  locked: false,
  uncategorized: false,
  styles,
  ...extra,
});
// Rows carry their own ids; the showroom finds them by style and colour.
const row = (sc: string, extra: Partial<ShowroomRow> = {}): ShowroomRow => ({ id: `row-${sc}`, style: sc.split('_')[0]!, color: sc.split('_')[1]!, ...extra });

const groups: DisplayGroup[] = [
  group('g1', 'Work Boots', [style('100', ['BLK', 'BRN']), style('101', ['TAN'], { gender: 'Womens', pillar: 'Outdoor' })]),
  group('g2', 'Empty', []),
  group('g3', 'Work boots!', [style('200', ['RED'], { productType: 'Apparel' })]),
  group('uncategorized', 'Uncategorized', [], { uncategorized: true, locked: true }),
];
const rows = [row('100_BLK', { styleNote: 'hero', quantity: 12 }), row('100_BRN'), row('101_TAN'), row('200_RED'), row('900_GRN', { name: 'Loose' })];

describe('the showroom follows the sort page', () => {
  const sr = buildShowroom(groups, rows);
  it('keeps the groups, styles and colours in their order and leaves out empty groups', () => {
    expect(sr.map((g) => g.title)).toEqual(['Work Boots', 'Work boots!', 'Uncategorized']);
    expect(sequence(sr).map((s) => s.item.id)).toEqual(['100_BLK', '100_BRN', '101_TAN', '200_RED', '900_GRN']);
  });
  it('gives groups of the same words their own slugs', () => {
    expect(sr.map((g) => g.slug)).toEqual(['work-boots', 'work-boots-2', 'uncategorized']);
    expect(slugify('  Ça va — Été 2025 ')).toBe('ca-va-ete-2025');
    expect(slugify('!!!')).toBe('group');
  });
  it('carries the assortment row (notes, quantities) with each tile, and the rows no group places go to Uncategorized', () => {
    expect(sr[0]!.items[0]!.row?.styleNote).toBe('hero');
    expect(sr[2]!.items.map((i) => i.id)).toEqual(['900_GRN']);
    expect(sr[2]!.items[0]!.thumbnail).toBe('/api/products/images/900_GRN/thumbnail.png');
  });
});

describe('the showroom filter bar', () => {
  const sr = buildShowroom(groups, rows);
  it('offers the values present', () => {
    const o = filterOptions(sr);
    expect(o.gender).toEqual(['Mens', 'Womens']);
    expect(o.productType).toEqual(['Apparel', 'Footwear']);
  });
  it('narrows the items and drops the groups left empty', () => {
    const f = applyFilters(sr, { ...NO_FILTERS, gender: 'Womens' });
    expect(sequence(f).map((s) => s.item.id)).toEqual(['101_TAN']);
    expect(f.map((g) => g.slug)).toEqual(['work-boots']);
    expect(sequence(applyFilters(sr, { ...NO_FILTERS, text: 'red 200' })).map((s) => s.item.id)).toEqual(['200_RED']);
    expect(applyFilters(sr, NO_FILTERS)).toBe(sr);
  });
  it('round-trips through the address and keeps other parameters', () => {
    const f = { ...NO_FILTERS, text: ' boot ', pillar: 'Work' };
    const p = searchOfFilters(f, new URLSearchParams('mode=catalog&gender=Mens'));
    expect(p.toString()).toBe('mode=catalog&q=boot&pillar=Work');
    expect(filtersFromSearch(p)).toEqual({ ...NO_FILTERS, text: 'boot', pillar: 'Work' });
  });
});

describe('the viewer navigation', () => {
  it('maps keys the way slides and spreadsheets do', () => {
    expect(navKey({ key: 'ArrowRight' })).toBe('next');
    expect(navKey({ key: 'PageDown' })).toBe('next');
    expect(navKey({ key: 'ArrowLeft' })).toBe('prev');
    expect(navKey({ key: 'Home' })).toBe('first');
    expect(navKey({ key: 'End' })).toBe('last');
    expect(navKey({ key: 'Escape' })).toBe('close');
    expect(navKey({ key: 'a' })).toBeNull();
  });
  it('leaves keys typed into a field, or with a modifier, alone', () => {
    expect(navKey({ key: 'ArrowLeft', target: { tagName: 'input' } as unknown as EventTarget })).toBeNull();
    expect(navKey({ key: 'Home', target: { tagName: 'SELECT' } as unknown as EventTarget })).toBeNull();
    expect(navKey({ key: 'ArrowRight', altKey: true })).toBeNull();
    expect(navKey({ key: 'ArrowRight', metaKey: true })).toBeNull();
  });
  it('steps without wrapping and jumps to the ends', () => {
    expect(step(0, 5, 'prev')).toBe(0);
    expect(step(0, 5, 'next')).toBe(1);
    expect(step(4, 5, 'next')).toBe(4);
    expect(step(2, 5, 'first')).toBe(0);
    expect(step(2, 5, 'last')).toBe(4);
    expect(step(2, 5, 'close')).toBeNull();
    expect(step(0, 0, 'next')).toBeNull();
  });
  it('reads a swipe left as next and right as previous, and ignores short or vertical ones', () => {
    expect(swipeAction(-120, 10)).toBe('next');
    expect(swipeAction(120, -10)).toBe('prev');
    expect(swipeAction(-30, 0)).toBeNull();
    expect(swipeAction(-80, 90)).toBeNull();
  });
});

describe('the showroom settings and addresses', () => {
  it('default what is missing or malformed and keep the other uiSettings', () => {
    expect(showroomSettings(null)).toEqual({ assortmentStatusOnly: false, categoryMode: 'video' });
    expect(showroomSettings({ digitalShowroomSettings: { assortmentStatusOnly: 'yes', categoryMode: 'film' } })).toEqual({ assortmentStatusOnly: false, categoryMode: 'video' });
    const ui = withShowroomSettings({ groupSettings: { groupBy: 'pillar' } }, { assortmentStatusOnly: true, categoryMode: 'catalog' });
    expect(ui).toEqual({ groupSettings: { groupBy: 'pillar' }, digitalShowroomSettings: { assortmentStatusOnly: true, categoryMode: 'catalog' } });
    expect(showroomSettings(ui)).toEqual({ assortmentStatusOnly: true, categoryMode: 'catalog' });
  });
  it('take the org type: regular under assortment/, internal under internal/', () => {
    expect(showroomBase('assortments', 'a b')).toBe('/product/assortments/assortment/a%20b/showroom');
    expect(showroomBase('internalAssortments', 'x')).toBe('/product/assortments/internal/x/showroom');
  });
});
