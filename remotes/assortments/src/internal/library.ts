/**
 * The product library's internal pages (product spec §2.1; platform spec §2): the landing of a
 * channel's season (its assortments by region and title), the variant screens
 * ({domestic|international}-{wholesale|retail}: one title's assortments), a display group's
 * divider (internal/divider/{group_slug}) and the product detail viewer
 * (internal/detail/{style_color_id}). Every one of them carries the screen query (season, year,
 * locations code, tab, title) and the pages after the variant screen the assortment's id; this
 * file holds what they compute without a server.
 */
import type { TocEntry } from './api';
import { INTERNAL_REGIONS } from './api';
import { DEFAULT_TAB, LIBRARY_INTERNAL, needsLocations, seasonsPath, toSearch, variantPath, type ScreenQuery } from './gate';

/** An assortment title of a region on the landing: its assortments (one per gender, and per location for domestic wholesale). */
export interface TitleCard {
  title: string;
  region: string;
  /** The locations code the card's link carries (domestic wholesale only). */
  locations: string;
  entries: TocEntry[];
  products: number;
  genders: string[];
}

export interface RegionSection {
  region: string;
  cards: TitleCard[];
}

/**
 * The landing's sections: every region of the channel (Domestic, then International) with its
 * titles in alphabetical order; domestic wholesale titles apart per locations code. A locations
 * code asked for keeps only the domestic wholesale titles of that location.
 */
export function landingSections(entries: TocEntry[], channel: string, locations = ''): RegionSection[] {
  const sections: RegionSection[] = [];
  for (const region of INTERNAL_REGIONS) {
    const byKey = new Map<string, TitleCard>();
    for (const e of entries) {
      if (e.region !== region || e.channel !== channel) continue;
      const loc = needsLocations(channel, region) ? e.locationId.toUpperCase() : '';
      if (loc && locations && loc !== locations) continue;
      const key = `${e.title}\u0000${loc}`;
      let card = byKey.get(key);
      if (!card) {
        card = { title: e.title, region, locations: loc, entries: [], products: 0, genders: [] };
        byKey.set(key, card);
      }
      card.entries.push(e);
      card.products += e.productCount;
      if (e.gender && !card.genders.includes(e.gender)) card.genders.push(e.gender);
    }
    const cards = [...byKey.values()].sort((a, b) => a.title.localeCompare(b.title) || a.locations.localeCompare(b.locations));
    sections.push({ region, cards });
  }
  return sections;
}

/** The variant screen of a card: its channel and region, the landing's season and year, the browse tab and the card's title. */
export const cardPath = (channel: string, q: Pick<ScreenQuery, 'season' | 'year'>, card: TitleCard) =>
  variantPath(channel, card.region, { season: q.season, year: q.year, locations: card.locations, tab: DEFAULT_TAB, title: card.title });

/** The assortments a variant screen shows: the title's in the variant, season and year (and locations code for domestic wholesale), by gender. */
export function titleEntries(entries: TocEntry[], channel: string, region: string, q: ScreenQuery): TocEntry[] {
  return entries
    .filter(
      (e) =>
        e.channel === channel &&
        e.region === region &&
        e.season === q.season &&
        e.year === q.year &&
        e.title === q.title &&
        (!needsLocations(channel, region) || e.locationId.toUpperCase() === q.locations),
    )
    .sort((a, b) => a.gender.localeCompare(b.gender));
}

/** The query of the pages under a variant screen: the screen's values and the assortment shown. */
export function assortmentSearch(q: Partial<ScreenQuery>, assortmentId: string): string {
  const p = new URLSearchParams(toSearch({ ...q, tab: q.tab || DEFAULT_TAB }));
  p.set('assortment', assortmentId);
  return `?${p}`;
}

/** The library's viewer links of an assortment (the divider and detail routes under /product/libraries/internal). */
export function libraryLinks(home: string, search: string) {
  return {
    home,
    divider: (slug: string) => `${LIBRARY_INTERNAL}/divider/${encodeURIComponent(slug)}${search}`,
    detail: (styleColorId: string) => `${LIBRARY_INTERNAL}/detail/${encodeURIComponent(styleColorId)}${search}`,
  };
}

/** The assortment id of a divider or detail page's query, or '' when it has none (a well-formed uuid only). */
export function assortmentParam(p: URLSearchParams): string {
  const id = (p.get('assortment') ?? '').trim();
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id : '';
}

/**
 * Where a divider or detail page without an assortment sends the user: the seasons screen of
 * the channel its query names (wholesale when it names none).
 */
export function withoutAssortment(p: URLSearchParams): string {
  const channel = (p.get('channel') ?? '').toLowerCase() === 'retail' ? 'Retail' : 'Wholesale';
  return seasonsPath(channel);
}
