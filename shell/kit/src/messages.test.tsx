import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { FormattedMessage, IntlProvider, useIntl } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { ModuleMessages, formatTitle, type CatalogLoader } from './messages';
import { badgeCount } from './ui';

function Title({ id }: { id: string }) {
  return <span>{formatTitle(useIntl(), id)}</span>;
}

describe('remote catalogs', () => {
  it('load under the shell locale and layer over the shell messages', async () => {
    const load = vi.fn<CatalogLoader>(async (locale) => ({ default: { 'remote.hello': locale === 'de-DE' ? 'Hallo' : 'Hello' } }));
    await act(async () =>
      render(
      <IntlProvider locale="de-DE" defaultLocale="en-US" messages={{ 'nav.dashboard': 'Übersicht' }}>
        <Suspense fallback="loading">
          <ModuleMessages load={load}>
            <p data-testid="out">
              <FormattedMessage id="remote.hello" defaultMessage="Hello" /> <Title id="nav.dashboard" />
            </p>
          </ModuleMessages>
        </Suspense>
      </IntlProvider>,
    ));
    expect((await screen.findByTestId('out')).textContent).toBe('Hallo Übersicht');
    expect(load).toHaveBeenCalledWith('de-DE');
  });

  it('fall back to en-US when a locale cannot be loaded', async () => {
    const load: CatalogLoader = async (locale) => {
      if (locale !== 'en-US') throw new Error('offline');
      return { 'remote.bye': 'Bye' };
    };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () =>
      render(
      <IntlProvider locale="fr-FR" defaultLocale="en-US" onError={() => {}}>
        <Suspense fallback="loading">
          <ModuleMessages load={load}>
            <p data-testid="out">
              <FormattedMessage id="remote.bye" />
            </p>
          </ModuleMessages>
        </Suspense>
      </IntlProvider>,
    ));
    expect((await screen.findByTestId('out')).textContent).toBe('Bye');
  });

  it('show an unknown title id as the id itself', () => {
    render(
      <IntlProvider locale="en-US" messages={{ 'nav.admin': 'Admin' }}>
        <p data-testid="out">
          <Title id="nav.admin" /> <Title id="nav.somethingNew" />
        </p>
      </IntlProvider>,
    );
    expect(screen.getByTestId('out').textContent).toBe('Admin nav.somethingNew');
  });

  it('count badges show 9+ above 9', () => {
    expect([0, 1, 9, 10, 42].map(badgeCount)).toEqual(['0', '1', '9', '9+', '9+']);
  });
});
