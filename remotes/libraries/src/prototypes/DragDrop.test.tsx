import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configureApi } from '@its/kit';
import { fakeFetch, json, renderWithShell } from '../../../../shell/kit/src/test/render';
import { DragDropPlayground } from './DragDrop';
import { product } from './fixtures';


const rows = [product('1001', '001', 'Court Classic'), product('1002', '002', 'Trail Runner'), product('1003', '003', 'City Slip-On')];

async function renderPlayground() {
  const fake = fakeFetch({ 'GET /api/products': () => json(200, { data: { rows, totalCount: 50 } }) });
  configureApi({ fetch: fake });
  await act(async () => {
    renderWithShell(<DragDropPlayground />, { path: '/prototypes/dragdrop' });
  });
  await screen.findAllByTestId('dragdrop-item');
  return fake;
}

const order = () => screen.getAllByTestId('dragdrop-item').map((li) => li.getAttribute('data-product'));

describe('drag and drop playground', () => {
  it('asks the catalog for the first products by style and lists them numbered', async () => {
    const fake = await renderPlayground();
    const url = new URL(fake.calls[0]!.url, 'http://x');
    expect(JSON.parse(url.searchParams.get('query') ?? '')).toEqual({ limit: 12, sort: { styleNumeric: 1 } });
    expect(url.searchParams.get('select')).toContain('thumbnail');
    expect(order()).toEqual(['1001_001', '1002_002', '1003_003']);
    expect(screen.getAllByTestId('dragdrop-item').map((li) => li.querySelector('.proto-dnd__pos')?.textContent)).toEqual(['1', '2', '3']);
    expect(screen.getByText('3 products in your order')).toBeTruthy();
  });

  it('puts a dragged product where it is dropped and says where it went', async () => {
    await renderPlayground();
    const items = screen.getAllByTestId('dragdrop-item');
    const data = new Map<string, string>();
    const dataTransfer = { setData: (k: string, v: string) => data.set(k, v), getData: (k: string) => data.get(k) ?? '', effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(items[0]!, { dataTransfer });
    fireEvent.dragOver(items[2]!, { dataTransfer });
    fireEvent.drop(items[2]!, { dataTransfer });
    expect(order()).toEqual(['1002_002', '1003_003', '1001_001']);
    expect(screen.getByRole('status').textContent).toBe('Court Classic is now at position 3 of 3.');
  });

  it('moves with the arrow buttons and resets to the catalog order', async () => {
    await renderPlayground();
    const reset = screen.getByTestId('dragdrop-reset') as HTMLButtonElement;
    expect(reset.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move City Slip-On up' }));
    expect(order()).toEqual(['1001_001', '1003_003', '1002_002']);
    const first = screen.getAllByTestId('dragdrop-item')[0]!;
    expect((within(first).getByRole('button', { name: 'Move Court Classic up' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(reset);
    expect(order()).toEqual(['1001_001', '1002_002', '1003_003']);
  });
});
