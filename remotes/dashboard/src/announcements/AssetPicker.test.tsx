import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureApi } from '@its/kit';
import { fakeFetch, json, renderWithShell } from '../../../../shell/kit/src/test/render';
import { AssetPicker, type AdAsset } from './AssetPicker';

const poster: AdAsset = { _id: 'a1', name: 'Spring Runner Poster', assetType: 'Print Ad' };

describe('advertising asset picker', () => {
  it('searches once typing pauses, and a pick empties the box and the list', async () => {
    const queries: string[] = [];
    configureApi({
      fetch: fakeFetch({
        'GET /api/assets': (_init, url) => {
          queries.push(new URL(url, 'http://x').searchParams.get('q') ?? '');
          return json(200, { data: { rows: [poster], totalCount: 1 } });
        },
      }),
    });
    const onPick = vi.fn();
    renderWithShell(<AssetPicker onPick={onPick} />);
    const box = screen.getByTestId('announcement-asset-search') as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'spr' } });
    fireEvent.change(box, { target: { value: 'spring ' } });
    const option = await screen.findByTestId('announcement-asset-option');
    expect(queries).toEqual(['spring']);
    expect(option.textContent).toContain('Spring Runner Poster');

    await act(async () => fireEvent.click(option));
    expect(onPick).toHaveBeenCalledWith(poster);
    expect(box.value).toBe('');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  });
});
