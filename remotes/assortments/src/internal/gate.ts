/**
 * The internal assortment screens' rules that need no server (product spec §2.1, §2.2, §5.3;
 * platform spec §2, §6): the query values a screen needs (season and year, the locations code
 * for domestic wholesale, a tab that defaults to browse and a title) and where a screen without
 * them sends the user, the columns an internal assortment hides, and the state options an
 * editor is offered.
 */
import { enums } from '@its/kit';
import { INTERNAL_SEASONS } from './api';

/** The internal pages of the product libraries. */
export const LIBRARY_INTERNAL = '/product/libraries/internal';
/** The location whose internal assortments also hide suggestedRetail (the server's products.DefaultLocation). */
export const US_LOCATION = 'US';

/** The query values of an internal screen. */
export interface ScreenQuery {
  season: string;
  year: number | null;
  locations: string;
  tab: string;
  title: string;
}

export const DEFAULT_TAB = 'browse';

const lower = (s: string) => s.toLowerCase();

/** The variant's path segment: domestic-wholesale, international-retail, … */
export const variantSlug = (channel: string, region: string) => `${lower(region)}-${lower(channel)}`;
export const seasonsPath = (channel: string) => `${LIBRARY_INTERNAL}/seasons-${lower(channel)}`;

/** The query string of q (the values set, in a fixed order). */
export function toSearch(q: Partial<ScreenQuery>): string {
  const p = new URLSearchParams();
  if (q.season) p.set('season', q.season);
  if (q.year) p.set('year', String(q.year));
  if (q.locations) p.set('locations', q.locations);
  if (q.tab) p.set('tab', q.tab);
  if (q.title) p.set('title', q.title);
  return p.toString();
}

export const landingPath = (channel: string, q: Pick<ScreenQuery, 'season' | 'year'> & { locations?: string }) =>
  `${LIBRARY_INTERNAL}/landing-${lower(channel)}?${toSearch({ season: q.season, year: q.year, locations: q.locations })}`;

export const variantPath = (channel: string, region: string, q: Partial<ScreenQuery>) => `${LIBRARY_INTERNAL}/${variantSlug(channel, region)}?${toSearch(q)}`;

/** Reads an internal screen's query: a season code and a four-digit year, or nothing. */
export function readQuery(p: URLSearchParams): ScreenQuery {
  const season = (p.get('season') ?? '').trim().toUpperCase();
  const yearText = (p.get('year') ?? '').trim();
  return {
    season: (INTERNAL_SEASONS as readonly string[]).includes(season) ? season : '',
    year: /^\d{4}$/.test(yearText) ? Number(yearText) : null,
    locations: (p.get('locations') ?? '').trim().toUpperCase(),
    tab: (p.get('tab') ?? '').trim() || DEFAULT_TAB,
    title: (p.get('title') ?? '').trim(),
  };
}

export const needsLocations = (channel: string, region: string) => channel === 'Wholesale' && region === 'Domestic';

/**
 * Where an internal screen of channel and region sends the user, or null when it may show:
 * without a season or year to the channel's seasons screen; a domestic wholesale one without
 * its locations code, or a browse tab without a title, to the channel's landing screen.
 */
export function gate(q: ScreenQuery, channel: string, region: string): string | null {
  if (!q.season || !q.year) return seasonsPath(channel);
  if (needsLocations(channel, region) && !q.locations) return landingPath(channel, q);
  if (q.tab === DEFAULT_TAB && !q.title) return landingPath(channel, q);
  return null;
}

/** What an internal assortment's pages need to know of it. */
export interface InternalHead {
  title: string;
  channel: string;
  region: string;
  season: string;
  year: number | null;
  locationId: string;
}

/** The query an internal assortment's pages carry: its own season, year, location and title (the tab left to its default). */
export const assortmentQuery = (a: InternalHead): ScreenQuery => ({
  season: a.season,
  year: a.year,
  locations: needsLocations(a.channel, a.region) ? a.locationId : '',
  tab: '',
  title: a.title,
});

/**
 * An internal assortment's page against its URL: a season or year that is not the assortment's
 * sends the user to the channel's seasons screen ('redirect'); missing values are filled in
 * from the assortment ('search', to replace the address with, the page's other values kept);
 * else null.
 */
export function assortmentGate(p: URLSearchParams, a: InternalHead): { redirect: string } | { search: string } | null {
  const asked = readQuery(p);
  const rawSeason = p.get('season');
  const rawYear = p.get('year');
  const wrongSeason = rawSeason !== null && asked.season !== a.season;
  const wrongYear = rawYear !== null && asked.year !== a.year;
  if (wrongSeason || wrongYear) return { redirect: seasonsPath(a.channel) };
  const own = assortmentQuery(a);
  const want = toSearch({ season: own.season, year: own.year, locations: own.locations, title: own.title });
  const have = toSearch({ season: rawSeason ? asked.season : '', year: rawYear ? asked.year : null, locations: asked.locations, title: asked.title });
  if (want === have) return null;
  // The page's other values (a showroom's filters, its mode) stay as they are.
  const out = new URLSearchParams(p);
  for (const [k, v] of [
    ['season', own.season],
    ['year', own.year ? String(own.year) : ''],
    ['locations', own.locations],
    ['title', own.title],
  ] as const)
    if (v) out.set(k, v);
    else out.delete(k);
  return { search: out.toString() };
}

/** The row fields an internal assortment hides: initialMarkup, and suggestedRetail in the US (the server's Rules.Hidden). */
export function hiddenFields(locationId: string): string[] {
  return locationId.trim().toUpperCase() === US_LOCATION ? ['initialMarkup', 'suggestedRetail'] : ['initialMarkup'];
}

/** The states an editor is offered: published only with publishedStateOnly, else every state. */
export function stateOptions(publishedStateOnly: boolean): string[] {
  return publishedStateOnly ? ['published'] : [...enums.assortments.states];
}
