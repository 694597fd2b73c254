/** The reporting calls (platform spec §7): report workbooks as download-queue jobs and the page's charts. */
import { api } from '@its/kit';

export const REPORT_ROUTES = ['assortments', 'styles', 'seasons'] as const;
export type ReportRoute = (typeof REPORT_ROUTES)[number];

/** A report's fileData (product spec §3.7). */
export interface FileData {
  seasons?: string[];
  dateStart?: string;
  dateEnd?: string;
  accounts?: string[];
  territories?: string[];
  keyInitiative?: { channel?: string; region?: string; productType?: string; season?: string; year?: number };
}

export interface ChartCount {
  key: string;
  assortments: number;
  styles: number;
}

export interface Charts {
  seasons: ChartCount[];
  channels: ChartCount[];
  regions: ChartCount[];
}

export interface ReportJob {
  id: string;
  status: 'pending' | 'started' | 'success' | 'failed' | 'cancelled';
  progress: number;
  filename?: string;
  url?: string;
  message?: string;
}

export const fetchCharts = (fileData: FileData) => api.post<Charts>('/assortments/admin/charts', { fileData }, { kind: 'assortments-charts' });

export const queueReport = (route: ReportRoute, fileData: FileData) =>
  api.post<{ jobId: string; filename: string }>(`/assortments/admin/report/${route}`, { fileData }, { silent: true });

export const reportJob = (id: string) => api.get<ReportJob>(`/jobs/${encodeURIComponent(id)}`, { silent: true });

export const cancelReport = (id: string) => api.post<ReportJob>(`/jobs/${encodeURIComponent(id)}/cancel`, {}, { silent: true });

/** A comma or line separated list as its trimmed, non-empty values. */
export const listOf = (text: string): string[] =>
  text
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The form as the calls' fileData: empty fields are left out. */
export function toFileData(f: ReportForm): FileData {
  const out: FileData = {};
  const seasons = listOf(f.seasons);
  if (seasons.length) out.seasons = seasons;
  if (f.dateStart) out.dateStart = f.dateStart;
  if (f.dateEnd) out.dateEnd = f.dateEnd;
  const accounts = listOf(f.accounts);
  if (accounts.length) out.accounts = accounts;
  const territories = listOf(f.territories);
  if (territories.length) out.territories = territories;
  const k: NonNullable<FileData['keyInitiative']> = {};
  if (f.channel) k.channel = f.channel;
  if (f.region) k.region = f.region;
  if (f.productType) k.productType = f.productType;
  if (f.season.trim()) k.season = f.season.trim().toUpperCase();
  const year = Number(f.year);
  if (f.year.trim() && Number.isInteger(year)) k.year = year;
  if (Object.keys(k).length) out.keyInitiative = k;
  return out;
}

export interface ReportForm {
  seasons: string;
  dateStart: string;
  dateEnd: string;
  accounts: string;
  territories: string;
  channel: string;
  region: string;
  productType: string;
  season: string;
  year: string;
}

export const emptyForm: ReportForm = { seasons: '', dateStart: '', dateEnd: '', accounts: '', territories: '', channel: '', region: '', productType: '', season: '', year: '' };
