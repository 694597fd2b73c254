import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@its/kit';
import { fakeFetch, json, renderWithShell } from '../../../../shell/kit/src/test/render';
import { DocumentPreviewerPlayground } from './DocumentPreviewer';

const assortments = [
  { _id: 'f1', type: 'folder', title: 'Spring folder', subTitle: '' },
  { _id: 'a1', type: 'item', title: 'Spring 26', subTitle: 'Womens' },
  { _id: 'a2', type: 'item', title: 'Fall 26', subTitle: '' },
];

describe('document previewer playground', () => {
  let fake: ReturnType<typeof fakeFetch>;
  beforeEach(() => {
    fake = fakeFetch({
      'GET /api/assortments': () => json(200, { data: { items: assortments, totalCount: 3 } }),
      'POST /api/assortment-documents/preview': (_init, url) =>
        new URL(url, 'http://x').searchParams.get('page') === '3'
          ? json(404, { message: 'no such page', messageCode: 'ITS_ERR_NOT_FOUND' })
          : new Response('png', { status: 200, headers: { 'Content-Type': 'image/png' } }),
    });
    configureApi({ fetch: fake });
    // The preview's image comes as a blob read through the browser's own fetch.
    vi.stubGlobal('fetch', fake);
    let n = 0;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => `blob:preview-${++n}`, revokeObjectURL: () => {} }));
  });
  afterEach(() => vi.unstubAllGlobals());

  const previews = () =>
    fake.calls
      .filter((c) => c.url.includes('/assortment-documents/preview'))
      .map((c) => ({ page: new URL(c.url, 'http://x').searchParams.get('page'), ...(JSON.parse(String(c.init.body)) as { assortment: string; documentType: unknown }) }));

  it('previews the first assortment as a condensed line sheet, then what the user picks', async () => {
    await act(async () => {
      renderWithShell(<DocumentPreviewerPlayground />, { path: '/prototypes/previewer' });
    });
    const select = (await screen.findByTestId('preview-assortment')) as HTMLSelectElement;
    // Folders are not documents: only the assortments are offered.
    expect([...select.options].map((o) => o.textContent)).toEqual(['Spring 26 — Womens', 'Fall 26']);
    await waitFor(() => expect(screen.getByTestId('preview-image').getAttribute('src')).toMatch(/^blob:preview-/));
    expect(previews()[0]).toMatchObject({ page: '1', assortment: 'a1', documentType: { type: 'Linesheet', subType: 'Condensed' } });

    fireEvent.click(screen.getByRole('button', { name: 'Tear sheet' }));
    expect(screen.getByRole('button', { name: 'With hero image' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(select, { target: { value: 'a2' } });
    await waitFor(() => expect(previews().at(-1)).toMatchObject({ assortment: 'a2', documentType: { type: 'Tearsheet', subType: 'With Hero Image' } }));

    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('This document has no such page.')).toBeTruthy();
  });

  it('says so when the user has no assortment', async () => {
    fake = fakeFetch({ 'GET /api/assortments': () => json(200, { data: { items: [assortments[0]], totalCount: 1 } }) });
    configureApi({ fetch: fake });
    await act(async () => {
      renderWithShell(<DocumentPreviewerPlayground />, { path: '/prototypes/previewer' });
    });
    expect(await screen.findByText('You have no assortments to preview yet.')).toBeTruthy();
  });
});
