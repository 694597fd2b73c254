/** The server-side Excel export (docs/grid.md §7): POST the grid as shown, download the workbook. */
import { ApiError, CSRF_HEADER, NetworkError, apiUrl, csrfToken, downloadUrl } from '@its/kit';

/** The files the server writes of a grid's view. */
export type ExportFormat = 'xlsx' | 'csv';

/** The file name of a Content-Disposition header (RFC 6266: filename* first). */
export function fileNameFrom(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  return plain ? (plain[1] ?? plain[2] ?? '').trim() || null : null;
}

/** Sends the export request and saves the answer as a file; answers the file name. */
export function downloadExport(path: string, body: unknown, fallbackName = 'export.xlsx'): Promise<string> {
  return download(
    path,
    {
      method: 'POST',
      headers: {
        Accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, text/csv, application/json',
        'Content-Type': 'application/json',
        [CSRF_HEADER]: csrfToken(),
      },
      body: JSON.stringify(body),
    },
    fallbackName,
  );
}

/** GETs a file (a PDF, say) and saves it; answers the file name. A refusal throws its ApiError. */
export function downloadFile(path: string, fallbackName: string): Promise<string> {
  return download(path, { method: 'GET', headers: { Accept: '*/*' } }, fallbackName);
}

async function download(path: string, init: RequestInit, fallbackName: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(apiUrl(path), { ...init, credentials: 'include' });
  } catch (e) {
    throw new NetworkError(e);
  }
  if (!res.ok) {
    let err: unknown;
    try {
      err = await res.json();
    } catch {
      err = undefined;
    }
    throw new ApiError(res.status, err as never);
  }
  const blob = await res.blob();
  const name = fileNameFrom(res.headers.get('Content-Disposition')) ?? fallbackName;
  const url = URL.createObjectURL(blob);
  downloadUrl(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
  return name;
}
