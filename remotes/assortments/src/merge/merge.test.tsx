import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureApi, getToasts } from '@its/kit';
import { fakeFetch, json, renderWithShell } from '../../../../shell/kit/src/test/render';
import { mergePreview } from './merge';
import { MergeDialog } from './MergeDialog';
import type { Assortment } from '../api';

describe('the merge preview', () => {
  it('counts what each source adds and skips what the target or an earlier source holds', () => {
    const p = mergePreview(['1_A', '2_B'], [
      { id: 's1', title: 'One', keys: ['2_B', '3_C', '3_C'] },
      { id: 's2', title: 'Two', keys: ['3_C', '4_D', '5_E'] },
    ]);
    expect(p.sources).toEqual([
      { id: 's1', title: 'One', total: 2, added: 1 },
      { id: 's2', title: 'Two', total: 3, added: 2 },
    ]);
    expect(p.added).toBe(3);
    expect(p.skipped).toBe(2);
  });
});

const target = { _id: 't-1', title: 'Spring Run', type: 'item', method: 'static', channel: 'Wholesale', productCount: 2 } as unknown as Assortment;
const entry = (id: string, title: string, extra: Record<string, unknown> = {}) => ({ _id: id, title, type: 'item', method: 'static', productCount: 2, ...extra });

describe('the Merge dialog', () => {
  it('offers the other assortments, shows what the merge adds, merges on confirm and says how many styles came', async () => {
    const fetch = fakeFetch({
      'GET /api/assortments': () =>
        json(200, { data: { view: 'all', items: [entry('t-1', 'Spring Run'), entry('s-1', 'Fall Basics'), entry('f-1', 'A folder', { type: 'folder' }), entry('s-2', 'Kids')], totalCount: 4 } }),
      'PATCH /api/assortments/t-1/merge': () => json(200, { message: '1 Item(s) added to assortment', data: { added: 1 } }),
    });
    configureApi({ fetch });
    const keys: Record<string, string[]> = { 't-1': ['1_A', '2_B'], 's-1': ['2_B', '3_C'], 's-2': ['9_Z'] };
    const onMerged = vi.fn();
    await act(async () => {
      renderWithShell(<MergeDialog org="assortments" target={target} onClose={() => {}} onMerged={onMerged} loadKeys={(id) => Promise.resolve(keys[id] ?? [])} />);
    });
    // The target itself and folders are not sources.
    const options = await screen.findAllByTestId('merge-source');
    expect(options.map((o) => o.getAttribute('data-id'))).toEqual(['s-1', 's-2']);
    expect((screen.getByTestId('merge-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Fall Basics'));
    await waitFor(() => expect(screen.getByTestId('merge-preview').textContent).toContain('1 style will be added to Spring Run'));
    expect(screen.getByTestId('merge-preview').textContent).toContain('1 already there, skipped');
    await act(async () => {
      fireEvent.click(screen.getByTestId('merge-submit'));
    });
    const sent = fetch.calls.find((c) => c.init.method === 'PATCH')!;
    expect(JSON.parse(String(sent.init.body))).toEqual({ ids: ['s-1'] });
    await waitFor(() => expect(onMerged).toHaveBeenCalledWith(1));
    expect(getToasts().map((t) => t.message)).toContain('1 style added to Spring Run');
  });

  it('shows the refusal and stays open when the server refuses', async () => {
    const fetch = fakeFetch({
      'GET /api/assortments': () => json(200, { data: { view: 'all', items: [entry('s-1', 'Fall Basics')], totalCount: 1 } }),
      'PATCH /api/assortments/t-1/merge': () => json(404, { message: 'Assortment not found' }),
    });
    configureApi({ fetch });
    const onMerged = vi.fn();
    await act(async () => {
      renderWithShell(<MergeDialog org="assortments" target={target} onClose={() => {}} onMerged={onMerged} loadKeys={() => Promise.resolve([])} />);
    });
    fireEvent.click(await screen.findByLabelText('Fall Basics'));
    await waitFor(() => expect((screen.getByTestId('merge-submit') as HTMLButtonElement).disabled).toBe(false));
    await act(async () => {
      fireEvent.click(screen.getByTestId('merge-submit'));
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Assortment not found');
    expect(onMerged).not.toHaveBeenCalled();
  });
});
