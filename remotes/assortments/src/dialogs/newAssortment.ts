/** The New assortment dialog's rules, apart from its markup (so they are tested on their own). */
import type { ProductQuery } from '@its/remote-products/api';
import type { CreateBody, Label } from '../api';

export interface NewAssortmentForm {
  method: 'static' | 'dynamic';
  title: string;
  subTitle: string;
  channel: string;
  region: string;
  season: string;
  year: string;
  gender: string;
  productType: string;
  locationId: string;
  standardLabels: boolean;
}

export const STANDARD_LABELS: Label[] = [
  { name: 'Must Have', color: '#2E7D32' },
  { name: 'Hero', color: '#C62828' },
  { name: 'Optional', color: '#F9A825' },
  { name: 'Drop', color: '#616161' },
];

export function initialForm(locationId = 'US'): NewAssortmentForm {
  return { method: 'static', title: '', subTitle: '', channel: 'Wholesale', region: 'Domestic', season: '', year: '', gender: '', productType: 'Footwear', locationId, standardLabels: true };
}

/** A dynamic assortment starts with the filters its attributes name ('All' narrows nothing). */
export function dynamicQuery(f: NewAssortmentForm): ProductQuery {
  const conditions: Record<string, Array<string | number>> = {};
  if (f.channel && f.channel !== 'All') conditions.channel = [f.channel];
  if (f.region && f.region !== 'All') conditions.region = [f.region];
  if (f.productType && f.productType !== 'All') conditions.productType = [f.productType];
  if (f.season) conditions.season = [f.season];
  const year = Number.parseInt(f.year, 10);
  if (Number.isFinite(year)) conditions.year = [year];
  if (f.gender) conditions.gender = [f.gender];
  return { conditions, sort: { styleNumeric: 1 } };
}

export type FormError = 'titleRequired' | 'titleTooLong' | 'yearRange' | 'dynamicNeedsFilter';

export function formErrors(f: NewAssortmentForm): Partial<Record<keyof NewAssortmentForm, FormError>> {
  const out: Partial<Record<keyof NewAssortmentForm, FormError>> = {};
  const title = f.title.trim();
  if (!title) out.title = 'titleRequired';
  else if ([...title].length > 120) out.title = 'titleTooLong';
  if (f.year.trim()) {
    const y = Number(f.year);
    if (!Number.isInteger(y) || y < 2000 || y > 2100) out.year = 'yearRange';
  }
  if (f.method === 'dynamic' && Object.keys(dynamicQuery(f).conditions ?? {}).length === 0) out.method = 'dynamicNeedsFilter';
  return out;
}

/** The create call's body; parentId puts it into a folder. */
export function createBody(f: NewAssortmentForm, parentId?: string): CreateBody {
  const year = Number.parseInt(f.year, 10);
  const body: CreateBody = {
    type: 'item',
    title: f.title.trim(),
    subTitle: f.subTitle.trim(),
    method: f.method,
    channel: f.channel,
    region: f.region,
    season: f.season,
    year: Number.isFinite(year) ? year : null,
    gender: f.gender,
    productType: f.productType,
    locationId: f.locationId,
    labels: f.standardLabels && f.method === 'static' ? STANDARD_LABELS : [],
  };
  if (parentId) body.parentId = parentId;
  if (f.method === 'dynamic') body.query = dynamicQuery(f);
  return body;
}
