/** The documents API (docs/api.md "Documents") as the export page uses it. */
import { api, apiUrl, csrfToken, CSRF_HEADER, ApiError, type ErrorBody } from '@its/kit';

export type FileType = 'pdf' | 'xlsx';

/** What a package zips with the hero images: the line sheet as PDF, as xlsx, PDF with the images in division folders, or nothing. */
export type PackageVariant = 'document' | 'spreadsheet' | 'division' | 'assortment';
export const PACKAGE_VARIANTS: PackageVariant[] = ['document', 'spreadsheet', 'division', 'assortment'];

export interface Settings {
  columns: string[];
  coverPage: boolean;
  titlePage: boolean;
  groupDividers: boolean;
  groupPageBreaks: boolean;
  sortNumber: boolean;
  hideSpillover: boolean;
  sectionBreaks: boolean;
  manualHeroSelection: boolean;
  printResolution: boolean;
  cadOnly: boolean;
  includeImages: boolean;
  pageNumbers: boolean;
  author: string;
  date: string;
  sizeLegend: string;
  priceDisclaimer: string;
  locale?: string;
  /** The hero colour per style, with manualHeroSelection. */
  heroes?: Record<string, string>;
}

export interface DocumentPayload {
  _id?: string;
  documentType: { type: string; subType: string };
  assortment: string;
  settings: Settings;
  filename?: string;
  displayName?: string;
  subject?: string;
  body?: string;
  recipients?: string[];
  bccRecipients?: string[];
  fileType?: FileType;
  frequency?: string;
  queue?: boolean;
}

export interface SavedFile {
  _id: string;
  kind: 'shared' | 'scheduled';
  fileType: FileType;
  filename: string;
  recipients: string[];
  createdDate: string;
  expiresDate: string;
  revokedDate?: string;
}

export interface SavedDocument extends Required<Pick<DocumentPayload, 'documentType' | 'settings'>> {
  _id: string;
  assortment: string;
  displayName: string;
  filename: string;
  fileType: FileType;
  subject: string;
  body: string;
  recipients: string[];
  bccRecipients: string[];
  frequency: string;
  nextRunDate: string | null;
  lastRunDate: string | null;
  modifiedDate: string;
  files?: SavedFile[];
}

export interface AssortmentHead {
  _id: string;
  title: string;
  subTitle: string;
  productType: string;
  channel: string;
  products?: { style: string; color: string }[];
}

export interface Job {
  id: string;
  status: 'pending' | 'started' | 'success' | 'failed' | 'cancelled';
  progress: number;
  message?: string;
  url?: string;
  filename?: string;
}

/** A server answer with its toast message. */
interface Messaged<T> {
  message?: string;
  data: T;
}

const BASE = '/api/assortment-documents';

/** Calls whose toast text the server words: the envelope's message is kept. */
async function withMessage<T>(method: 'POST' | 'DELETE', path: string, body?: unknown): Promise<Messaged<T>> {
  const res = await fetch(apiUrl(path), {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', [CSRF_HEADER]: csrfToken() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed = (await res.json().catch(() => undefined)) as (Messaged<T> & ErrorBody) | undefined;
  if (!res.ok) throw new ApiError(res.status, parsed);
  return parsed as Messaged<T>;
}

export const documentsApi = {
  assortment: (id: string) => api.get<AssortmentHead>(`/api/assortments/${encodeURIComponent(id)}`, { query: { products: 'false' } }),
  list: (assortmentId: string) => api.get<SavedDocument[]>(BASE, { query: { assortmentId } }),
  get: (id: string) => api.get<SavedDocument>(`${BASE}/${encodeURIComponent(id)}`),
  save: (p: DocumentPayload) => withMessage<SavedDocument>('POST', BASE, p),
  remove: (id: string) => withMessage<{ deleted: boolean }>('DELETE', `${BASE}/${encodeURIComponent(id)}`),
  share: (fileType: FileType, p: DocumentPayload) => withMessage<{ url: string; fileId: string }>('POST', `${BASE}/share/email/${fileType}`, p),
  revoke: (fileId: string) => withMessage<{ revoked: boolean }>('DELETE', `${BASE}/shared/${encodeURIComponent(fileId)}`),
  sendNow: (id: string) => api.post<{ jobId: string }>(`${BASE}/${encodeURIComponent(id)}/send`),
  queue: (fileType: FileType, p: DocumentPayload) => api.post<{ jobId: string }>(`${BASE}/${fileType}`, { ...p, queue: true }),
  /** Queues a package (hero images with the line sheet); mail sends its link to the recipients. */
  queuePackage: (variant: PackageVariant, p: DocumentPayload, mail = false) =>
    withMessage<{ jobId: string; filename: string }>('POST', `/api/packages/${mail ? 'mail' : 'download'}${variant === 'document' ? '' : `/${variant}`}`, p),
  /** Queues the zip of the assortment's images: small or print size, hero images only or every colour. */
  zipImages: (id: string, small: boolean, heroOnly: boolean) =>
    api.get<{ jobId: string; filename: string }>(`/api/assortments/zip/images/${small}/${heroOnly}/${encodeURIComponent(id)}`),
  job: (id: string) => api.get<Job>(`/api/jobs/${encodeURIComponent(id)}`),
  cancel: (id: string) => api.post<Job>(`/api/jobs/${encodeURIComponent(id)}/cancel`),
  /** A PNG of one of the first pages, as an object URL the caller revokes. */
  async preview(p: DocumentPayload, page: number, signal: AbortSignal): Promise<string> {
    const res = await fetch(apiUrl(`${BASE}/preview`, { page }), {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', [CSRF_HEADER]: csrfToken() },
      body: JSON.stringify(p),
      signal,
    });
    if (!res.ok) throw new ApiError(res.status, (await res.json().catch(() => undefined)) as ErrorBody | undefined);
    return URL.createObjectURL(await res.blob());
  },
};

/** What a template keeps of a document: type, subtype, the column set it was made for and the settings. */
export interface TemplateOptions {
  documentType: { type: string; subType: string };
  /** POP for a POP assortment's column set; left out for the regular one. */
  productType?: 'POP';
  settings: Settings;
}

/** A named template of a document's options, for any assortment: the caller's own or shared by a colleague. */
export interface DocumentTemplate {
  _id: string;
  name: string;
  shared: boolean;
  mine: boolean;
  ownerName: string;
  options: TemplateOptions;
  modifiedDate: string;
}

const TEMPLATES = '/api/document-templates';

export const templatesApi = {
  list: () => api.get<DocumentTemplate[]>(TEMPLATES),
  create: (name: string, shared: boolean, options: TemplateOptions) => api.post<DocumentTemplate>(TEMPLATES, { name, shared, options }, { silent: true }),
  update: (id: string, change: { name?: string; shared?: boolean; options?: TemplateOptions }) =>
    api.patch<DocumentTemplate>(`${TEMPLATES}/${encodeURIComponent(id)}`, change, { silent: true }),
  remove: (id: string) => api.delete<{ deleted: boolean }>(`${TEMPLATES}/${encodeURIComponent(id)}`, { silent: true }),
};

/** Splits a typed list of addresses (commas, semicolons, spaces or lines). */
export const addresses = (s: string): string[] =>
  s
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);

/** The default settings of a new document. */
export const defaultSettings = (): Settings => ({
  columns: [],
  coverPage: true,
  titlePage: false,
  groupDividers: true,
  groupPageBreaks: false,
  sortNumber: false,
  hideSpillover: false,
  sectionBreaks: false,
  manualHeroSelection: false,
  printResolution: false,
  cadOnly: false,
  includeImages: true,
  pageNumbers: true,
  author: '',
  date: '',
  sizeLegend: '',
  priceDisclaimer: '',
});
