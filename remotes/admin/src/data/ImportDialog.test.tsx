import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShell } from '../../../../shell/kit/src/test/render';
import { ImportDialog } from './ImportDialog';
import type { ImportReview } from './importApi';

const columns = [
  { field: 'currencyCode', headerName: 'Currency Code' },
  { field: 'decimalPlaces', headerName: 'Decimal Places' },
] as never[];

const review = (over: Partial<ImportReview>): ImportReview => ({
  fileName: 'currencies.xlsx',
  columns: [
    { field: 'currencyCode', header: 'Currency Code', index: 0 },
    { field: 'decimalPlaces', header: 'Decimal Places', index: 1 },
  ],
  ignored: [],
  counts: { added: 0, changed: 1, unchanged: 1, refused: 0 },
  rows: [
    { line: 2, status: 'changed', id: 'j', values: { currencyCode: 'JPY', decimalPlaces: '1' }, changed: ['decimalPlaces'], before: { decimalPlaces: 0 } },
    { line: 3, status: 'unchanged', id: 'u', values: { currencyCode: 'USD', decimalPlaces: '2' } },
  ],
  token: 'tok',
  applied: false,
  ...over,
});

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('ImportDialog', () => {
  it('reviews the chosen file, shows the old and new value, and applies it with the review token', async () => {
    const sent: { url: string; token: string | null; headers: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const form = init.body as FormData;
        sent.push({ url, token: form.get('token') as string | null, headers: form.get('headers') as string | null });
        return answer({ data: review(url.endsWith('/apply') ? { applied: true } : {}) });
      }),
    );
    const applied = vi.fn();
    renderWithShell(<ImportDialog set="currencies" title="Currencies" columns={columns} header={(c) => `T:${c.headerName}`} onClose={() => {}} onApplied={applied} />);
    const file = new File(['x'], 'currencies.xlsx');
    fireEvent.change(screen.getByTestId('import-file'), { target: { files: [file] } });
    await waitFor(() => expect(screen.getByTestId('import-review')).toBeTruthy());
    expect(sent[0]!.url).toBe('/api/admin/data/currencies/import');
    expect(JSON.parse(sent[0]!.headers!)).toEqual({ currencyCode: 'T:Currency Code', decimalPlaces: 'T:Decimal Places' });
    expect(screen.getByTestId('import-count-changed').textContent).toBe('1 changed');
    const row = screen.getByTestId('import-row-2');
    expect(row.getAttribute('data-status')).toBe('changed');
    expect(row.textContent).toContain('01');
    fireEvent.click(screen.getByTestId('import-apply'));
    await waitFor(() => expect(applied).toHaveBeenCalled());
    expect(sent[1]).toMatchObject({ url: '/api/admin/data/currencies/import/apply', token: 'tok' });
    vi.unstubAllGlobals();
  });

  it('names refused cells and keeps Apply off; a refused file shows the server’s reason', async () => {
    const refused = review({
      counts: { added: 0, changed: 0, unchanged: 0, refused: 1 },
      rows: [{ line: 2, status: 'refused', values: { currencyCode: 'SEK', decimalPlaces: 'two' }, errors: [{ field: 'decimalPlaces', rule: 'type', message: 'Decimal Places must be a whole number' }] }],
    });
    const fetchMock = vi.fn(async () => answer({ data: refused }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithShell(<ImportDialog set="currencies" title="Currencies" columns={columns} header={(c) => c.headerName} onClose={() => {}} onApplied={() => {}} />);
    fireEvent.change(screen.getByTestId('import-file'), { target: { files: [new File(['x'], 'c.csv')] } });
    await waitFor(() => expect(screen.getByText('Decimal Places must be a whole number')).toBeTruthy());
    expect((screen.getByTestId('import-apply') as HTMLButtonElement).disabled).toBe(true);

    fetchMock.mockImplementation(async () => answer({ message: 'This file has more than 1000 rows', messageCode: 'ITS_ERR_TOO_LARGE' }, 413));
    fireEvent.change(screen.getByTestId('import-file'), { target: { files: [new File(['x'], 'big.csv')] } });
    await waitFor(() => expect(screen.getByTestId('import-error').textContent).toContain('more than 1000 rows'));
    vi.unstubAllGlobals();
  });
});
