/** The 'Select Assortment Attributes' form of a new internal assortment: defaults, checks, body and query. */
import type { InternalAttributes, InternalQuery } from './api';

export interface InternalForm {
  title: string;
  channel: string;
  region: string;
  season: string;
  year: string;
  gender: string;
  productType: string;
  locationId: string;
  /** 'query': the products of the catalog query the filters make; 'empty': none yet. */
  source: 'query' | 'empty';
  pillar: string;
  division: string;
  productSeason: string;
}

export type InternalFormError = 'titleRequired' | 'titleTooLong' | 'yearRange' | 'locationRequired';

export function initialInternalForm(channel: string, now = new Date()): InternalForm {
  return {
    title: '',
    channel,
    region: 'Domestic',
    season: 'SP',
    year: String(now.getFullYear() + 1),
    gender: 'Mens',
    productType: 'Footwear',
    locationId: 'US',
    source: 'query',
    pillar: '',
    division: '',
    productSeason: '',
  };
}

/** A domestic wholesale assortment names its location (platform spec §2: locations code). */
export const needsLocation = (f: InternalForm) => f.channel === 'Wholesale' && f.region === 'Domestic';

export function internalFormErrors(f: InternalForm): Partial<Record<'title' | 'year' | 'locationId', InternalFormError>> {
  const errors: Partial<Record<'title' | 'year' | 'locationId', InternalFormError>> = {};
  const title = f.title.trim();
  if (!title) errors.title = 'titleRequired';
  else if ([...title].length > 120) errors.title = 'titleTooLong';
  const y = Number(f.year);
  if (!Number.isInteger(y) || y < 2000 || y > 2100) errors.year = 'yearRange';
  if (needsLocation(f) && !f.locationId.trim()) errors.locationId = 'locationRequired';
  return errors;
}

export function internalAttributes(f: InternalForm): InternalAttributes {
  const a: InternalAttributes = {
    title: f.title.trim(),
    channel: f.channel,
    region: f.region,
    season: f.season,
    year: Number(f.year),
    gender: f.gender,
    productType: f.productType,
  };
  if (f.region === 'Domestic' || f.locationId) a.locationId = f.locationId || 'US';
  return a;
}

/** The catalog genders of an internal gender (a division group): Kids are boys' and girls'. */
export function catalogGenders(gender: string): string[] {
  switch (gender) {
    case 'Kids':
      return ['Boys', 'Girls', 'Kids'];
    case 'Unisex':
      return [];
    default:
      return [gender];
  }
}

/** The catalog query of the form: its gender and product type, and the chosen filters. */
export function internalQuery(f: InternalForm): InternalQuery {
  const conditions: InternalQuery['conditions'] = {};
  const genders = catalogGenders(f.gender);
  if (genders.length) conditions.gender = genders;
  if (f.productType && f.productType !== 'All') conditions.productType = [f.productType];
  if (f.pillar) conditions.pillar = [f.pillar];
  if (f.division) conditions.division = [f.division];
  if (f.productSeason) conditions.season = [f.productSeason];
  return { conditions };
}
