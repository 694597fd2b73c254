/**
 * The API client every part of the frontend uses: JSON envelopes of the ITS HTTP API, the
 * session cookie, the CSRF header on state-changing calls, and the global reactions the spec
 * asks for (401 clears the session, 5xx opens the server error dialog, no answer opens the
 * network error dialog). A newer request of the same kind cancels the older one silently.
 */

export const CSRF_COOKIE = 'its_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';
/**
 * The header naming the browser tab a call comes from, and this tab's id (one per page load):
 * a live stream opened with the same id (?tab=) tells "your own change" only to the tab that
 * made it, so the same user's other tabs follow the change as they would a colleague's.
 */
export const TAB_HEADER = 'X-ITS-Tab';
export const tabId: string = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
/** The one call whose 401 means "wrong login" rather than "session gone". */
export const SESSION_PATH = '/users/session';

export interface ErrorBody {
  message?: string;
  messageCode?: string;
  details?: unknown;
  requestId?: string;
}

/** A failure answered by the server: the error envelope plus the HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly messageCode: string;
  readonly details: unknown;
  readonly requestId: string | undefined;
  constructor(status: number, body: ErrorBody | undefined) {
    super(body?.message || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.messageCode = body?.messageCode ?? '';
    this.details = body?.details;
    this.requestId = body?.requestId;
  }
}

/** No answer at all: offline, DNS, refused connection or a blocked cross-origin call. */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('Network Error');
    this.name = 'NetworkError';
    this.cause = cause;
  }
}

/** The call was superseded by a newer one of the same kind, or aborted by its caller. */
export class CancelledError extends Error {
  constructor() {
    super('Cancelled');
    this.name = 'CancelledError';
  }
}

export const isCancelled = (e: unknown): e is CancelledError =>
  e instanceof CancelledError || (e instanceof DOMException && e.name === 'AbortError');

export interface ApiHandlers {
  onUnauthorized?: (error: ApiError, path: string) => void;
  onServerError?: (error: ApiError) => void;
  onNetworkError?: (error: NetworkError) => void;
}

export interface RequestOptions {
  /** Calls of the same kind cancel each other: only the newest one answers. */
  kind?: string;
  signal?: AbortSignal;
  /** Do not open the global error dialogs for this call (the caller reports the failure). */
  silent?: boolean;
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let handlers: ApiHandlers = {};
let csrfFallback = '';
let fetchImpl: typeof fetch = (...args) => fetch(...args);
const inflight = new Map<string, AbortController>();

/** The shell installs its reactions once; remotes share the same instance. */
export function configureApi(next: ApiHandlers & { fetch?: typeof fetch }): void {
  const { fetch: f, ...rest } = next;
  handlers = { ...handlers, ...rest };
  if (f) fetchImpl = f;
}

/** Remember the token answered by login and ping, for when the cookie is not readable. */
export function setCsrfToken(token: string | undefined | null): void {
  csrfFallback = token ?? '';
}

export function readCookie(name: string, cookie = typeof document === 'undefined' ? '' : document.cookie): string {
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return '';
}

export function csrfToken(): string {
  return readCookie(CSRF_COOKIE) || readCookie(`__Host-${CSRF_COOKIE}`) || csrfFallback;
}

export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const base = path.startsWith('/api/') || path === '/api' ? path : `/api${path.startsWith('/') ? '' : '/'}${path}`;
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}

function linkSignals(a: AbortSignal | undefined, b: AbortSignal | undefined): AbortSignal | undefined {
  if (!a) return b;
  if (!b) return a;
  return AbortSignal.any([a, b]);
}

/** Sends one call and answers the parsed body, unwrapped from `{"data": ...}` when enveloped. */
export async function request<T = unknown>(method: Method, path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  const rel = path.replace(/^\/api(?=\/)/, '');
  let own: AbortController | undefined;
  if (opts.kind) {
    inflight.get(opts.kind)?.abort();
    own = new AbortController();
    inflight.set(opts.kind, own);
  }
  const signal = linkSignals(opts.signal, own?.signal);
  const headers: Record<string, string> = { Accept: 'application/json', [TAB_HEADER]: tabId, ...opts.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') {
    const token = csrfToken();
    if (token) headers[CSRF_HEADER] = token;
  }
  let res: Response;
  try {
    res = await fetchImpl(apiUrl(path, opts.query), {
      method,
      credentials: 'include',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (e) {
    if (signal?.aborted || isCancelled(e)) throw new CancelledError();
    const err = new NetworkError(e);
    if (!opts.silent) handlers.onNetworkError?.(err);
    throw err;
  } finally {
    if (opts.kind && inflight.get(opts.kind) === own) inflight.delete(opts.kind);
  }
  let parsed: unknown;
  try {
    const text = await res.text();
    parsed = text ? JSON.parse(text) : undefined;
  } catch (e) {
    if (signal?.aborted) throw new CancelledError();
    parsed = undefined;
  }
  if (!res.ok) {
    const err = new ApiError(res.status, (parsed ?? undefined) as ErrorBody | undefined);
    if (res.status === 401 && rel !== SESSION_PATH) handlers.onUnauthorized?.(err, rel);
    if (res.status >= 500 && !opts.silent) handlers.onServerError?.(err);
    throw err;
  }
  if (parsed && typeof parsed === 'object' && 'data' in parsed) return (parsed as { data: T }).data;
  return parsed as T;
}

export const api = {
  get: <T = unknown>(path: string, opts?: RequestOptions) => request<T>('GET', path, undefined, opts),
  post: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, body ?? {}, opts),
  put: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, body ?? {}, opts),
  patch: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PATCH', path, body ?? {}, opts),
  delete: <T = unknown>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, undefined, opts),
};
