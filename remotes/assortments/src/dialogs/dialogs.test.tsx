import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureApi, getToasts } from '@its/kit';
import { fakeFetch, json, renderWithShell } from '../../../../shell/kit/src/test/render';
import { CopyDialog } from './CopyDialog';
import { cleanLabels } from './LabelsDialog';
import { NewAssortmentDialog } from './NewAssortmentDialog';
import { STANDARD_LABELS, createBody, dynamicQuery, formErrors, initialForm } from './newAssortment';

const body = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

describe('the New assortment rules', () => {
  it('needs a title; a year is 2000 to 2100', () => {
    expect(formErrors({ ...initialForm(), title: ' ' })).toEqual({ title: 'titleRequired' });
    expect(formErrors({ ...initialForm(), title: 'x'.repeat(121) })).toEqual({ title: 'titleTooLong' });
    expect(formErrors({ ...initialForm(), title: 'Running', year: '1999' })).toEqual({ year: 'yearRange' });
    expect(formErrors({ ...initialForm(), title: 'Running', year: '2026' })).toEqual({});
  });

  it('a dynamic assortment starts with the filters its attributes name, and needs one', () => {
    const f = { ...initialForm(), method: 'dynamic' as const, title: 'Kids', channel: 'All', region: 'Domestic', productType: 'Footwear', season: 'SP', year: '2025', gender: 'Boys' };
    expect(dynamicQuery(f)).toEqual({
      conditions: { region: ['Domestic'], productType: ['Footwear'], season: ['SP'], year: [2025], gender: ['Boys'] },
      sort: { styleNumeric: 1 },
    });
    expect(formErrors({ ...f, region: 'All', productType: 'All', season: '', year: '', gender: '' })).toEqual({ method: 'dynamicNeedsFilter' });
  });

  it('makes the create call: static with the standard labels, dynamic with its filters, into a folder', () => {
    const f = { ...initialForm('EU'), title: ' Spring Run ', subTitle: 'Big 5 Sporting Goods', season: 'SP', year: '2026' };
    expect(createBody(f, 'folder-1')).toMatchObject({ type: 'item', title: 'Spring Run', method: 'static', locationId: 'EU', year: 2026, labels: STANDARD_LABELS, parentId: 'folder-1' });
    const d = createBody({ ...f, method: 'dynamic' });
    expect(d.labels).toEqual([]);
    expect(d.query?.conditions).toMatchObject({ channel: ['Wholesale'], season: ['SP'], year: [2026] });
    expect(d).not.toHaveProperty('parentId');
  });

  it('labels are trimmed, named once and coloured #RRGGBB', () => {
    expect(cleanLabels([{ name: ' Hero ', color: '#c62828' }, { name: 'hero', color: '#000000' }, { name: '', color: '#111111' }, { name: 'Drop', color: 'grey' }])).toEqual([
      { name: 'Hero', color: '#C62828' },
      { name: 'Drop', color: '#616161' },
    ]);
  });
});

describe('the New assortment dialog', () => {
  it("is titled 'Select Assortment Type', refuses an untitled one, then creates it and says 'Assortment Created'", async () => {
    const fetch = fakeFetch({
      'GET /api/products/locations': () => json(200, { data: [{ code: 'US', name: 'United States', region: 'Domestic', currencyCode: 'USD', currencySymbol: '$', decimalPlaces: 2 }] }),
      'POST /api/assortments': (init) => json(200, { message: 'Assortment Created', data: { _id: 'a-1', ...body(init) } }),
    });
    configureApi({ fetch });
    const onCreated = vi.fn();
    await act(async () => {
      renderWithShell(<NewAssortmentDialog parent={{ _id: 'f-1', title: 'Spring 2025' }} canEditChannel={(c) => c !== 'Retail'} onClose={() => {}} onCreated={onCreated} />);
    });
    expect(screen.getByText('Select Assortment Type')).toBeTruthy();
    expect(screen.getByText('Spring 2025')).toBeTruthy();
    // Only channels the user may edit are offered.
    expect([...(screen.getByTestId('new-channel') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['All', 'Wholesale']);
    fireEvent.click(screen.getByTestId('new-create'));
    expect(await screen.findByText('Give the assortment a title.')).toBeTruthy();
    expect(fetch.calls.some((c) => c.init.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByTestId('new-type-dynamic'));
    fireEvent.change(screen.getByTestId('new-title'), { target: { value: 'Kids Running' } });
    fireEvent.change(screen.getByTestId('new-season'), { target: { value: 'FA' } });
    await waitFor(() => expect((screen.getByTestId('new-locationId') as HTMLSelectElement).value).toBe('US'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('new-create'));
    });
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const sent = body(fetch.calls.find((c) => c.init.method === 'POST')!.init);
    expect(sent).toMatchObject({ type: 'item', method: 'dynamic', title: 'Kids Running', parentId: 'f-1', locationId: 'US', query: { conditions: { season: ['FA'], productType: ['Footwear'] } } });
    expect(getToasts().map((t) => t.message)).toContain('Assortment Created');
  });
});

describe('the Copy assortment dialog', () => {
  it("duplicates for yourself, or copies to a user found by name ('Assortment Duplicated')", async () => {
    const fetch = fakeFetch({
      'GET /api/users/autocomplete': () => json(200, { data: [{ id: 'u-9', fullName: 'Mona Manager', email: 'manager@example.com', userCode: 'MGR001' }] }),
      'POST /api/assortments/cloneMany': (init) => {
        const b = body(init);
        return json(200, { message: 'Assortment Duplicated', data: { ids: ['c-1'], copiedTo: b.userId ? { id: 'u-9', fullName: 'Mona Manager', email: 'manager@example.com' } : null } });
      },
    });
    configureApi({ fetch });
    const onDone = vi.fn();
    renderWithShell(<CopyDialog entries={[{ _id: 'a-1', title: 'Holiday Gift Guide', type: 'item' }]} onClose={() => {}} onDone={onDone} />);
    expect(screen.getByTestId('copy-tab-duplicate').textContent).toBe('Duplicate for yourself');
    expect(screen.getByTestId('copy-tab-user').textContent).toBe('Copy for another user');
    expect((screen.getByTestId('copy-title') as HTMLInputElement).value).toBe('Holiday Gift Guide (Copy)');
    fireEvent.change(screen.getByTestId('copy-title'), { target: { value: 'Gift Guide 2027' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('copy-submit'));
    });
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true, ['c-1']));
    expect(body(fetch.calls.at(-1)!.init)).toEqual({ ids: ['a-1'], title: 'Gift Guide 2027' });

    fireEvent.click(screen.getByTestId('copy-tab-user'));
    expect((screen.getByTestId('copy-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.focus(screen.getByTestId('copy-user'));
    fireEvent.change(screen.getByTestId('copy-user'), { target: { value: 'Mona' } });
    fireEvent.click(await screen.findByText('Mona Manager', {}, { timeout: 2000 }));
    expect((screen.getByTestId('copy-user') as HTMLInputElement).value).toBe('Mona Manager (manager@example.com)');
    await act(async () => {
      fireEvent.click(screen.getByTestId('copy-submit'));
    });
    await waitFor(() => expect(onDone).toHaveBeenLastCalledWith(false, ['c-1']));
    expect(body(fetch.calls.at(-1)!.init)).toEqual({ ids: ['a-1'], userId: 'u-9' });
    expect(getToasts().some((t) => t.title === 'Assortment Duplicated' && t.message === '1 copy sent to Mona Manager')).toBe(true);
  });
});
