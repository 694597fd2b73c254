import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configureApi } from '@its/kit';
import { fakeFetch, json, renderWithShell } from '../../../../shell/kit/src/test/render';
import { CategorySelectPlayground, conditionValues } from './CategorySelect';
import { product } from './fixtures';

describe('category select playground', () => {
  it('offers the values of the chosen category with their counts and shows the products in the picked ones', async () => {
    const queries: unknown[] = [];
    const fake = fakeFetch({
      'POST /api/products/groups': (init) => {
        const field = (JSON.parse(String(init.body)) as { field: string }).field;
        const groups = field === 'division' ? [{ value: 'Apparel', count: 40 }, { value: 'Footwear', count: 60 }] : [{ value: 'Womens', count: 55 }];
        return json(200, { data: { groups, totalCount: 100 } });
      },
      'GET /api/products': (_init, url) => {
        const q = JSON.parse(new URL(url, 'http://x').searchParams.get('query') ?? '{}') as { conditions?: Record<string, unknown[]> };
        queries.push(q);
        const picked = q.conditions?.division?.length;
        return json(200, { data: { rows: picked ? [product('2001', '010', 'Court Classic')] : [product('1001', '001', 'Trail Runner'), product('1002', '002', 'Hoodie')], totalCount: picked ? 60 : 100 } });
      },
    });
    configureApi({ fetch: fake });
    await act(async () => {
      renderWithShell(<CategorySelectPlayground />, { path: '/prototypes/category-select' });
    });
    await waitFor(() => expect(screen.getByTestId('category-count').textContent).toBe('100 products match. The first 2 are shown.'));
    expect(screen.getAllByTestId('prototype-product')).toHaveLength(2);

    fireEvent.click(screen.getByTestId('category-values'));
    fireEvent.click(await screen.findByRole('checkbox', { name: /Footwear/ }));
    await waitFor(() => expect(screen.getByTestId('category-count').textContent).toBe('60 products match. The first 1 are shown.'));
    expect(queries.at(-1)).toEqual({ conditions: { division: ['Footwear'] }, limit: 24, sort: { styleNumeric: 1 } });
    expect(screen.getAllByTestId('prototype-product').map((c) => c.getAttribute('data-product'))).toEqual(['2001_010']);

    // Another category starts with none of its values picked. The number is the groups' exact
    // count: the product query's total is an estimate past a thousand (here it says 100).
    fireEvent.change(screen.getByTestId('category-field'), { target: { value: 'gender' } });
    await waitFor(() => expect(screen.getByTestId('category-count').textContent).toBe('55 products match. The first 2 are shown.'));
    const groupCalls = fake.calls.filter((c) => c.url.includes('/products/groups')).map((c) => JSON.parse(String(c.init.body)) as { field: string });
    expect(groupCalls.map((c) => c.field)).toEqual(['division', 'gender']);
  });

  it('sends years as numbers', () => {
    expect(conditionValues('year', ['2026', 'x'])).toEqual([2026]);
    expect(conditionValues('gender', ['Womens'])).toEqual(['Womens']);
  });
});
