import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@its/kit';
import { fakeFetch, json, renderWithShell } from '../../../../shell/kit/src/test/render';
import type { Order } from '../api';
import { LineGrid } from './LineGrid';

vi.setConfig({ testTimeout: 30_000 });

const line = (id: string, size: string) => ({ id, version: 1, style: `S${id}`, color: 'BLK', size, status: 'APPROVED', quantity: 1 });
const order = { _id: 'o1', orderNumber: 7, type: 'PROMO', status: 'DRAFT', productType: 'Footwear', version: 3, products: [line('1', '9H'), line('2', '10')] } as unknown as Order;

afterEach(() => vi.unstubAllGlobals());

describe('the order lines size filter (spec §5.3 footer field)', () => {
  it('asks the server for the lines of the size typed, upper-cased, and says when none has it; the page keeps the whole order', async () => {
    // The server's answer: no line of the size asked for.
    const answer = (init: RequestInit) => json(200, { data: { ...order, products: String(init.body).includes('"size"') ? [] : order.products } });
    const fake = fakeFetch({ 'POST /api/orders/promos/order/query': answer });
    const sent = () => fake.calls.map((c) => JSON.parse(String(c.init.body)) as Record<string, unknown>);
    configureApi({ fetch: fake });
    vi.stubGlobal('fetch', fake);
    const loaded: Order[] = [];
    await act(async () => {
      renderWithShell(<LineGrid area="promos" order={order} canEdit={false} canSetStatus={false} onOrder={() => {}} onLoad={(o) => loaded.push(o)} onPaste={() => {}} />);
    });
    await waitFor(() => expect(sent()).toEqual([{ orderId: 'o1' }]));
    const field = screen.getByTestId('lines-size-filter') as HTMLInputElement;
    expect(field.placeholder).toBe('9H');
    await act(async () => fireEvent.change(field, { target: { value: '9h' } }));
    expect(field.value).toBe('9H');
    await waitFor(() => expect(sent().at(-1)).toEqual({ orderId: 'o1', size: '9H' }));
    expect(await screen.findByText('No lines of size 9H.')).toBeTruthy();
    // Only the whole order reaches the page (its header, the review of every line).
    expect(loaded.map((o) => o.products?.length)).toEqual([2]);
  });
});
