import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, CancelledError, NetworkError, TAB_HEADER, api, configureApi, setCsrfToken, tabId } from './api';
import { fakeFetch, json } from './test/render';

function setup(routes: Parameters<typeof fakeFetch>[0]) {
  const f = fakeFetch(routes);
  const handlers = { onUnauthorized: vi.fn(), onServerError: vi.fn(), onNetworkError: vi.fn() };
  configureApi({ fetch: f, ...handlers });
  return { f, ...handlers };
}

afterEach(() => setCsrfToken(''));

describe('api client', () => {
  it('sends credentials, unwraps the data envelope and leaves other bodies alone', async () => {
    const { f } = setup({
      'GET /api/users/ping': () => json(200, { data: { user: { id: 'u1' } } }),
      'POST /api/authz/decisions': () => json(200, { decisions: [true, false] }),
    });
    document.cookie = 'its_csrf=tok-123';
    expect(await api.get('/users/ping')).toEqual({ user: { id: 'u1' } });
    expect(await api.post('/authz/decisions', { checks: [] })).toEqual({ decisions: [true, false] });
    expect(f.calls[0]!.init.credentials).toBe('include');
    expect((f.calls[0]!.init.headers as Record<string, string>)['X-CSRF-Token']).toBeUndefined();
  });

  it('puts the its_csrf cookie in X-CSRF-Token on every state-changing call', async () => {
    const { f } = setup({
      'POST /api/x': () => json(200, { data: 1 }),
      'PUT /api/x': () => json(200, { data: 1 }),
      'PATCH /api/x': () => json(200, { data: 1 }),
      'DELETE /api/x': () => json(200, { data: 1 }),
    });
    document.cookie = 'its_csrf=abc%3D';
    await api.post('/x', {});
    await api.put('/x', {});
    await api.patch('/x', {});
    await api.delete('/x');
    for (const c of f.calls) expect((c.init.headers as Record<string, string>)['X-CSRF-Token']).toBe('abc=');
    expect((f.calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('names this tab on every call, the same id on each, so that live streams tell its own changes apart', async () => {
    const { f } = setup({ 'GET /api/x': () => json(200, {}), 'PATCH /api/x': () => json(200, {}) });
    await api.get('/x');
    await api.patch('/x', {});
    expect(tabId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    for (const c of f.calls) expect((c.init.headers as Record<string, string>)[TAB_HEADER]).toBe(tabId);
  });

  it('falls back to the token answered by login when the cookie is not readable', async () => {
    const { f } = setup({ 'POST /api/x': () => json(200, {}) });
    setCsrfToken('from-login');
    await api.post('/x');
    expect((f.calls[0]!.init.headers as Record<string, string>)['X-CSRF-Token']).toBe('from-login');
  });

  it('reports 401 to the session, except for the session call itself', async () => {
    const { onUnauthorized } = setup({
      'GET /api/modules': () => json(401, { message: 'no session', messageCode: 'ITS_ERR_UNAUTHENTICATED' }),
      'POST /api/users/session': () => json(401, { message: 'Wrong e-mail or password', messageCode: 'ITS_ERR_LOGIN_INVALID' }),
    });
    await expect(api.get('/modules')).rejects.toMatchObject({ status: 401, messageCode: 'ITS_ERR_UNAUTHENTICATED' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    const err = await api.post('/users/session', { email: 'a', password: 'b' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('Wrong e-mail or password');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('opens the server error dialog for 5xx unless the caller is silent', async () => {
    const { onServerError } = setup({
      'GET /api/boom': () => json(500, { message: 'database down', messageCode: 'ITS_ERR_INTERNAL', requestId: 'r1' }),
    });
    await expect(api.get('/boom')).rejects.toBeInstanceOf(ApiError);
    expect(onServerError).toHaveBeenCalledWith(expect.objectContaining({ status: 500, message: 'database down', requestId: 'r1' }));
    await expect(api.get('/boom', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(onServerError).toHaveBeenCalledTimes(1);
  });

  it('opens the network error dialog when nothing answers', async () => {
    const handlers = { onNetworkError: vi.fn() };
    configureApi({ fetch: (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch, ...handlers });
    await expect(api.get('/x')).rejects.toBeInstanceOf(NetworkError);
    expect(handlers.onNetworkError).toHaveBeenCalledTimes(1);
  });

  it('cancels the older request of the same kind without an error dialog', async () => {
    const pending: ((r: Response) => void)[] = [];
    const handlers = { onNetworkError: vi.fn(), onServerError: vi.fn() };
    configureApi({
      ...handlers,
      fetch: ((_: RequestInfo, init: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          pending.push(resolve);
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        })) as typeof fetch,
    });
    const first = api.post('/search', { q: 'a' }, { kind: 'search' });
    const second = api.post('/search', { q: 'ab' }, { kind: 'search' });
    await expect(first).rejects.toBeInstanceOf(CancelledError);
    pending[1]!(json(200, { data: 'ab' }));
    await expect(second).resolves.toBe('ab');
    expect(handlers.onNetworkError).not.toHaveBeenCalled();
  });

  it('builds query strings and keeps /api paths as given', async () => {
    const { f } = setup({ 'GET /api/charts': () => json(200, { data: [] }) });
    await api.get('/charts', { query: { published: true, skip: undefined } });
    await api.get('/api/charts');
    expect(f.calls[0]!.url).toBe('/api/charts?published=true');
    expect(f.calls[1]!.url).toBe('/api/charts');
  });
});
