/** The server calls the prototype playgrounds read: the product catalog, one's assortments and a document's preview pages. */
import { ApiError, CSRF_HEADER, api, apiUrl, csrfToken, type ErrorBody } from '@its/kit';
import type { ProductQuery } from '@its/remote-products/api';

/** What a playground shows of a catalog product. */
export interface SampleProduct {
  id: string;
  style: string;
  color: string;
  name: string;
  colorDescription: string;
  thumbnail: string;
  division: string;
  gender: string;
}

/** The catalog's own order (by style number, then colour): the playgrounds start from it. */
export const CATALOG_ORDER: ProductQuery['sort'] = { styleNumeric: 1 };

const SAMPLE_FIELDS = 'style,color,name,colorDescription,thumbnail,division,gender';

/** One page of the catalog (GET /api/products), with the number of products that match. */
export const sampleProducts = (query: ProductQuery, signal?: AbortSignal) =>
  api.get<{ rows: SampleProduct[]; totalCount: number }>('/products', { signal, query: { query: JSON.stringify(query), select: SAMPLE_FIELDS } });

/** An assortment a document can be previewed for. */
export interface AssortmentChoice {
  _id: string;
  type: 'item' | 'folder';
  title: string;
  subTitle: string;
}

/** The user's assortments (the list view "all"), folders left out. */
export const assortmentChoices = (signal?: AbortSignal) =>
  api
    .get<{ items: AssortmentChoice[] }>('/assortments', { signal, query: { view: 'all', limit: 100 } })
    .then((d) => d.items.filter((a) => a.type === 'item'));

export interface PreviewRequest {
  assortment: string;
  type: string;
  subType: string;
  page: number;
}

/** A PNG of one of a document's first pages with the default settings, as an object URL the caller revokes. */
export async function previewPage({ assortment, type, subType, page }: PreviewRequest, signal: AbortSignal): Promise<string> {
  const body = {
    documentType: { type, subType },
    assortment,
    settings: { columns: [], coverPage: false, groupDividers: true, includeImages: true, pageNumbers: true },
  };
  const res = await fetch(apiUrl('/assortment-documents/preview', { page }), {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', [CSRF_HEADER]: csrfToken() },
    body: JSON.stringify(body),
    signal,
  });
  if (!res.ok) throw new ApiError(res.status, (await res.json().catch(() => undefined)) as ErrorBody | undefined);
  return URL.createObjectURL(await res.blob());
}
