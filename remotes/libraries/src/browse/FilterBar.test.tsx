import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { configureApi } from '@its/kit';
import { fakeFetch, json, renderWithShell } from '../../../../shell/kit/src/test/render';
import { FilterBar } from './FilterBar';

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

const where = () => new URLSearchParams(screen.getByTestId('where').textContent ?? '');

describe('library filter bar search', () => {
  it('applies the name search after a pause or at once on Enter; the box follows the address', async () => {
    configureApi({ fetch: fakeFetch({ 'GET /api/assets/filters': () => json(200, { data: {} }) }) });
    await act(async () => {
      renderWithShell(
        <>
          <FilterBar libraryType="AdvertisingLogo" />
          <Where />
        </>,
        { path: '/advertising/libraries/logos' },
      );
    });
    const box = screen.getByTestId('filter-search') as HTMLInputElement;
    expect(box.getAttribute('aria-label')).toBe('Search by name');

    fireEvent.change(box, { target: { value: 'gold' } });
    expect(where().get('q')).toBeNull();
    await waitFor(() => expect(where().get('q')).toBe('gold'));
    expect(screen.getByTestId('filter-chips').textContent).toContain('Name contains “gold”');

    fireEvent.change(box, { target: { value: 'silver' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(where().get('q')).toBe('silver');

    // Removing the chip empties the box too.
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(box.value).toBe(''));
    expect(where().get('q')).toBeNull();

    fireEvent.change(box, { target: { value: 'bronze' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.value).toBe('');
    expect(where().get('q')).toBeNull();
  });
});

describe('library filter bar data sets', () => {
  it('asks for the options of the one region picked (spec §2.6 region data sets), and of every region otherwise', async () => {
    const fetch = fakeFetch({ 'GET /api/assets/filters': () => json(200, { data: { region: [], category: [] } }) });
    configureApi({ fetch });
    await act(async () => {
      renderWithShell(<FilterBar libraryType="AdvertisingAsset" />, { path: '/advertising/libraries/assets?region=Europe' });
    });
    await waitFor(() => expect(fetch.calls.some((c) => new URL(c.url, 'http://x').searchParams.get('region') === 'Europe')).toBe(true));
    expect(fetch.calls.filter((c) => c.url.includes('/assets/filters')).every((c) => new URL(c.url, 'http://x').searchParams.get('libraryType') === 'AdvertisingAsset')).toBe(true);
  });

  it('asks for every region while none or several are picked', async () => {
    const fetch = fakeFetch({ 'GET /api/assets/filters': () => json(200, { data: { region: [], category: [] } }) });
    configureApi({ fetch });
    await act(async () => {
      renderWithShell(<FilterBar libraryType="AdvertisingAsset" />, { path: '/advertising/libraries/assets?region=Europe,Domestic' });
    });
    await waitFor(() => expect(fetch.calls.some((c) => c.url.includes('/assets/filters'))).toBe(true));
    expect(fetch.calls.some((c) => new URL(c.url, 'http://x').searchParams.has('region'))).toBe(false);
  });
});
