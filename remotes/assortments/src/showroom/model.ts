/**
 * The showroom's model (spec §2.2, §2.6): the assortment's display groups in their order, each a
 * list of style/colours, narrowed by the showroom filter bar; and the navigation between them
 * (keys, swipes, previous and next) shared by the dividers and the product detail viewer.
 * Pure functions, so the rules are tested without a browser.
 */
import type { CustomContent, DisplayGroup } from '../sort/model';

/** Where the showroom's calls go: regular assortments, or internal ones (the same calls under their own prefix). */
export type OrgType = 'assortments' | 'internalAssortments';

/** The category detail viewer's modes (spec §2.6); the default is the assortment's setting, else video. */
export const CATEGORY_MODES = ['video', 'catalog'] as const;
export type CategoryMode = (typeof CATEGORY_MODES)[number];

/** uiSettings.digitalShowroomSettings (spec §3.2). */
export interface ShowroomSettings {
  /** Prices and availability of the assortment's own location only (its line status), not of every location the user may see. */
  assortmentStatusOnly: boolean;
  /** The category detail viewer's first mode. */
  categoryMode: CategoryMode;
}

export const DEFAULT_SETTINGS: ShowroomSettings = { assortmentStatusOnly: false, categoryMode: 'video' };

/** The showroom settings of an assortment's uiSettings, defaults for what is missing or malformed. */
export function showroomSettings(uiSettings: Record<string, unknown> | null | undefined): ShowroomSettings {
  const raw = uiSettings?.digitalShowroomSettings;
  const s = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  return {
    assortmentStatusOnly: s.assortmentStatusOnly === true,
    categoryMode: CATEGORY_MODES.includes(s.categoryMode as CategoryMode) ? (s.categoryMode as CategoryMode) : DEFAULT_SETTINGS.categoryMode,
  };
}

/** uiSettings with the showroom settings replaced and every other key kept. */
export function withShowroomSettings(uiSettings: Record<string, unknown> | null | undefined, s: ShowroomSettings): Record<string, unknown> {
  return { ...(uiSettings ?? {}), digitalShowroomSettings: { assortmentStatusOnly: s.assortmentStatusOnly, categoryMode: s.categoryMode } };
}

/** An assortment row as the showroom reads it (POST /api/{orgType}/products/query); its id is the row's, not the style_color. */
export interface ShowroomRow {
  id: string;
  style: string;
  color: string;
  name?: string;
  colorDescription?: string;
  productType?: string;
  gender?: string;
  division?: string;
  pillar?: string | null;
  thumbnail?: string | null;
  printImage?: string | null;
  [field: string]: unknown;
}

/** One tile of the showroom: a style/colour of a group. */
export interface ShowroomItem {
  id: string;
  style: string;
  color: string;
  name: string;
  colorDescription: string;
  productType: string;
  gender: string;
  division: string;
  pillar: string;
  thumbnail: string;
  row: ShowroomRow | null;
}

export interface ShowroomGroup {
  id: string;
  slug: string;
  title: string;
  uncategorized: boolean;
  /** The group's custom content, shown with its divider. */
  customContent?: CustomContent;
  items: ShowroomItem[];
}

/** A group's address in the divider route: its title in lower case words joined by dashes. */
export function slugify(title: string): string {
  const s = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return s || 'group';
}

const imageOf = (id: string, kind: 'thumbnail' | 'image') => `/api/products/images/${encodeURIComponent(id)}/${kind}.png`;

/**
 * The showroom's groups in the sort page's order, each style's colours in theirs; rows the
 * groups do not place (a dynamic assortment's, whose order is its query) go to Uncategorized.
 * Empty groups are left out; two groups of the same title get -2, -3 … slugs.
 */
export function buildShowroom(groups: DisplayGroup[], rows: ShowroomRow[]): ShowroomGroup[] {
  // The group sort names a colour by its row; the showroom addresses a product by style_color.
  const key = (style: string, color: string) => `${style}_${color}`;
  const byId = new Map(rows.map((r) => [key(r.style, r.color), r]));
  const placed = new Set<string>();
  const slugs = new Map<string, number>();
  const out: ShowroomGroup[] = [];
  for (const g of groups) {
    const items: ShowroomItem[] = [];
    for (const s of g.styles) {
      for (const c of s.colors) {
        const id = key(s.style, c.color);
        const row = byId.get(id) ?? null;
        placed.add(id);
        items.push({
          id,
          style: s.style,
          color: c.color,
          name: s.name,
          colorDescription: c.colorDescription,
          productType: s.productType,
          gender: s.gender,
          division: s.division,
          pillar: s.pillar,
          thumbnail: (row?.thumbnail as string | undefined) || c.thumbnail || imageOf(id, 'thumbnail'),
          row,
        });
      }
    }
    if (g.uncategorized) {
      for (const r of rows) {
        const id = key(r.style, r.color);
        if (placed.has(id)) continue;
        placed.add(id);
        items.push(itemOfRow(id, r));
      }
    }
    if (items.length === 0) continue;
    const base = slugify(g.title);
    const n = (slugs.get(base) ?? 0) + 1;
    slugs.set(base, n);
    out.push({ id: g.id, slug: n === 1 ? base : `${base}-${n}`, title: g.title, uncategorized: g.uncategorized, customContent: g.customContent, items });
  }
  return out;
}

function itemOfRow(id: string, r: ShowroomRow): ShowroomItem {
  return {
    id,
    style: r.style,
    color: r.color,
    name: r.name ?? '',
    colorDescription: r.colorDescription ?? '',
    productType: r.productType ?? '',
    gender: r.gender ?? '',
    division: r.division ?? '',
    pillar: r.pillar ?? '',
    thumbnail: r.thumbnail || imageOf(id, 'thumbnail'),
    row: r,
  };
}

/** The large image of a tile (the catalog's, or the assortment's own print image). */
export const heroOf = (item: ShowroomItem) => (item.row?.printImage as string | undefined) || item.thumbnail.replace(/\/thumbnail\.png$/, '/image.png');

/** The showroom filter bar's fields (spec §2.6), each a choice among the values present. */
export const FILTER_FIELDS = ['gender', 'division', 'pillar', 'productType'] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

export interface ShowroomFilters {
  text: string;
  gender: string;
  division: string;
  pillar: string;
  productType: string;
}

export const NO_FILTERS: ShowroomFilters = { text: '', gender: '', division: '', pillar: '', productType: '' };

/** The filters kept in the address (so a divider or a detail opened from a filtered showroom keeps them). */
export function filtersFromSearch(search: URLSearchParams): ShowroomFilters {
  return {
    text: search.get('q') ?? '',
    gender: search.get('gender') ?? '',
    division: search.get('division') ?? '',
    pillar: search.get('pillar') ?? '',
    productType: search.get('productType') ?? '',
  };
}

export function searchOfFilters(f: ShowroomFilters, keep?: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(keep);
  const set = (k: string, v: string) => (v ? out.set(k, v) : out.delete(k));
  set('q', f.text.trim());
  for (const k of FILTER_FIELDS) set(k, f[k]);
  return out;
}

export const activeFilters = (f: ShowroomFilters) => (f.text.trim() ? 1 : 0) + FILTER_FIELDS.filter((k) => f[k]).length;

/** The values each filter offers: those of the showroom's items, sorted. */
export function filterOptions(groups: ShowroomGroup[]): Record<FilterField, string[]> {
  const sets = Object.fromEntries(FILTER_FIELDS.map((k) => [k, new Set<string>()])) as Record<FilterField, Set<string>>;
  for (const g of groups) for (const it of g.items) for (const k of FILTER_FIELDS) if (it[k]) sets[k].add(it[k]);
  return Object.fromEntries(FILTER_FIELDS.map((k) => [k, [...sets[k]].sort((a, b) => a.localeCompare(b))])) as Record<FilterField, string[]>;
}

/** The groups narrowed to the items every filter accepts (text: style, colour, name or colour description); empty groups drop out. */
export function applyFilters(groups: ShowroomGroup[], f: ShowroomFilters): ShowroomGroup[] {
  const words = f.text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0 && FILTER_FIELDS.every((k) => !f[k])) return groups;
  const keep = (it: ShowroomItem) => {
    for (const k of FILTER_FIELDS) if (f[k] && it[k] !== f[k]) return false;
    const hay = `${it.style} ${it.color} ${it.id} ${it.name} ${it.colorDescription}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  };
  return groups.map((g) => ({ ...g, items: g.items.filter(keep) })).filter((g) => g.items.length > 0);
}

/** Every item in showroom order with its group: the product detail viewer's sequence. */
export function sequence(groups: ShowroomGroup[]): Array<{ group: ShowroomGroup; item: ShowroomItem }> {
  return groups.flatMap((group) => group.items.map((item) => ({ group, item })));
}

/** What the viewer does next. */
export type NavAction = 'prev' | 'next' | 'first' | 'last' | 'close';

/**
 * A key's action (spreadsheet and slide habits): ← → and Page Up/Down step, Home/End jump, Esc
 * closes. Keys typed into a field, or with Ctrl, Alt or Meta, are the field's or the browser's.
 */
export function navKey(e: { key: string; ctrlKey?: boolean; altKey?: boolean; metaKey?: boolean; target?: EventTarget | null }): NavAction | null {
  if (e.ctrlKey || e.altKey || e.metaKey) return null;
  const t = e.target as { tagName?: string; isContentEditable?: boolean } | null | undefined;
  const tag = t?.tagName?.toUpperCase();
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || t?.isContentEditable) return null;
  switch (e.key) {
    case 'ArrowLeft':
    case 'PageUp':
      return 'prev';
    case 'ArrowRight':
    case 'PageDown':
      return 'next';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    case 'Escape':
      return 'close';
  }
  return null;
}

/** A swipe that is long enough (SWIPE_MIN_PX) and more across than down steps: left is next, right is previous. */
export const SWIPE_MIN_PX = 50;
export function swipeAction(dx: number, dy: number): 'prev' | 'next' | null {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return null;
  return dx < 0 ? 'next' : 'prev';
}

/** The index an action leads to in a list of n (no wrap: the ends stay put); null for close or an empty list. */
export function step(at: number, n: number, action: NavAction): number | null {
  if (n === 0 || action === 'close') return null;
  switch (action) {
    case 'prev':
      return Math.max(0, at - 1);
    case 'next':
      return Math.min(n - 1, at + 1);
    case 'first':
      return 0;
    case 'last':
      return n - 1;
  }
}

/** The address of one assortment's pages: /assortment/{id} for regular ones, /internal/{id} for internal ones. */
export function assortmentBase(org: OrgType, id: string): string {
  return `/product/assortments/${org === 'internalAssortments' ? 'internal' : 'assortment'}/${encodeURIComponent(id)}`;
}

/** The address of an assortment's showroom. */
export const showroomBase = (org: OrgType, id: string) => `${assortmentBase(org, id)}/showroom`;

/** Where the viewers' links go: the showroom's own routes, or the product library's internal pages. */
export interface ViewLinks {
  home: string;
  divider: (slug: string) => string;
  detail: (styleColorId: string) => string;
}

/** The showroom's routes of an assortment, each keeping the page's query (search: '' or '?…'). */
export function showroomLinks(org: OrgType, id: string, search: string): ViewLinks {
  const base = showroomBase(org, id);
  return {
    home: `${base}${search}`,
    divider: (slug) => `${base}/divider/${encodeURIComponent(slug)}${search}`,
    detail: (styleColorId) => `${base}/detail/${encodeURIComponent(styleColorId)}${search}`,
  };
}
