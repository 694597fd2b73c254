import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configureApi } from '@its/kit';
import { fakeFetch, json, renderWithShell } from '../../../../shell/kit/src/test/render';
import { downloads } from '../transfer/queues';
import { CollectionPanel } from './CollectionPanel';

const id = '22222222-2222-4222-8222-222222222222';
const asset = {
  _id: id,
  libraryType: 'AdvertisingAsset',
  status: 'Published',
  name: 'Huge campaign film',
  modifiedDate: '',
  locations: [],
  files: [{ _id: 'f', usageType: 'Primary', filename: 'film.mov', content: 'video/quicktime', fileSize: 22_000_000_000, groups: [], state: 'Success', addMethod: 'Upload', modifiedDate: '' }],
};

function collection(over: Record<string, unknown>) {
  return { collectionType: 'advertisingAsset', items: [id], includeWorkingFiles: false, showWorkingFilesOnly: false, viewType: 'grid', showNewStylesOnly: false, totalSize: 1024, tooLarge: false, sizeLimit: 21_474_836_480, ...over };
}

describe('collection panel', () => {
  it('shows the too-large state at 20 GB and refuses the zip', async () => {
    configureApi({
      fetch: fakeFetch({
        'GET /api/assets/collection/advertisingAsset': () => json(200, { data: collection({ totalSize: 22_000_000_000, tooLarge: true }) }),
        'POST /api/assets/AdvertisingAsset': () => json(200, { message: 'Success', data: [asset] }),
      }),
    });
    await act(async () => {
      renderWithShell(<CollectionPanel collectionType="advertisingAsset" libraryType="AdvertisingAsset" />);
    });
    expect((await screen.findByTestId('collection-too-large')).textContent).toContain('This collection is too large to download (20.49 GB of at most 20.00 GB)');
    expect((screen.getByTestId('collection-zip') as HTMLButtonElement).disabled).toBe(true);
    expect((await screen.findByTestId('collection-item')).textContent).toContain('Huge campaign film');
  });

  it('saves setting changes and queues the zip as a job', async () => {
    const puts: unknown[] = [];
    configureApi({
      fetch: fakeFetch({
        'GET /api/assets/collection/advertisingAsset': () => json(200, { data: collection({}) }),
        'PUT /api/assets/collection/advertisingAsset': (init) => {
          puts.push(JSON.parse(String(init.body)));
          return json(200, { data: collection({ includeWorkingFiles: true, totalSize: 4096 }) });
        },
        'POST /api/assets/AdvertisingAsset': () => json(200, { message: 'Success', data: [asset] }),
        'POST /api/assets/collection/advertisingAsset/zip': () => json(200, { data: { jobId: '7', status: 'pending' } }),
        'GET /api/jobs/7': () => json(200, { data: { id: '7', kind: 'libraries.zip', title: 'x', status: 'started', progress: 10 } }),
      }),
    });
    await act(async () => {
      renderWithShell(<CollectionPanel collectionType="advertisingAsset" libraryType="AdvertisingAsset" />);
    });
    fireEvent.click(await screen.findByTestId('collection-include-working'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('collection-zip'));
    });
    // The pending change is saved before the zip is asked for.
    expect(puts).toEqual([{ items: [id], includeWorkingFiles: true, showWorkingFilesOnly: false, viewType: 'grid', showNewStylesOnly: false }]);
    const item = downloads.items().at(-1)!;
    expect(item.title).toBe('Advertising assets collection (ZIP)');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(downloads.items().at(-1)!.jobId).toBe('7');
    await downloads.cancel(item.id);
  });
});
