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

/** Renders the bar of libraryType at path; answers the option calls it made (their query). */
async function optionCalls(libraryType: 'AdvertisingAsset' | 'ProductDocument', path: string): Promise<URLSearchParams[]> {
  const fetch = fakeFetch({ 'GET /api/assets/filters': () => json(200, { data: { region: [], divisionId: [], category: [] } }) });
  configureApi({ fetch });
  await act(async () => {
    renderWithShell(<FilterBar libraryType={libraryType} />, { path });
  });
  await waitFor(() => expect(fetch.calls.some((c) => c.url.includes('/assets/filters'))).toBe(true));
  return fetch.calls.filter((c) => c.url.includes('/assets/filters')).map((c) => new URL(c.url, 'http://x').searchParams);
}

describe('library filter bar data sets', () => {
  it('asks for the options of the one region picked (spec §2.6 region data sets), and of every region otherwise', async () => {
    const calls = await optionCalls('AdvertisingAsset', '/advertising/libraries/assets?region=Europe');
    expect(calls.some((q) => q.get('region') === 'Europe')).toBe(true);
    expect(calls.every((q) => q.get('libraryType') === 'AdvertisingAsset')).toBe(true);
  });

  it('asks for every region while none or several are picked', async () => {
    expect((await optionCalls('AdvertisingAsset', '/advertising/libraries/assets?region=Europe,Domestic')).some((q) => q.has('region'))).toBe(false);
  });

  it('asks for the options of the one division picked (spec §2.6 division data sets: the product documents)', async () => {
    const calls = await optionCalls('ProductDocument', '/product/libraries/documents?divisionId=Footwear');
    expect(calls.some((q) => q.get('division') === 'Footwear')).toBe(true);
    // A library without regions never asks for one.
    expect(calls.some((q) => q.has('region'))).toBe(false);
  });

  it('asks for every division while several are picked', async () => {
    expect((await optionCalls('ProductDocument', '/product/libraries/documents?divisionId=Footwear,POP')).some((q) => q.has('division'))).toBe(false);
  });
});
