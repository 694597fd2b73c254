/** Test helpers: render inside the providers the shell gives every route. */
import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { ShellContext, type ShellValue } from '../context';

export function renderWithShell(
  ui: ReactElement,
  { shell = {}, messages = {}, locale = 'en-US', path = '/' }: { shell?: Partial<ShellValue>; messages?: Record<string, string>; locale?: string; path?: string } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const value: ShellValue = {
    user: null,
    options: {},
    modules: [],
    locale: 'en-US',
    setLocale: () => {},
    logout: () => {},
    defaultPath: '/dashboard',
    ...shell,
  };
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <IntlProvider locale={locale} defaultLocale="en-US" messages={messages} onError={() => {}}>
        <MemoryRouter initialEntries={[path]}>
          <ShellContext.Provider value={value}>{children}</ShellContext.Provider>
        </MemoryRouter>
      </IntlProvider>
    </QueryClientProvider>
  );
  return { client, ...render(ui, { wrapper: Wrapper }) };
}

/** A fetch double answering by method and path, recording every call. */
export function fakeFetch(routes: Record<string, (init: RequestInit, url: string) => Response | Promise<Response>>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0];
    const handler = routes[`${method} ${path}`];
    if (!handler) return json(404, { message: 'not found', messageCode: 'ITS_ERR_NOT_FOUND' });
    return handler(init, url);
  };
  return Object.assign(fn as typeof fetch, { calls });
}

export const json = (status: number, body: unknown) =>
  new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
