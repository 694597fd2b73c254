import { describe, expect, it } from 'vitest';
import { configureApi } from '@its/kit';
import { fakeFetch, json } from '../../../../shell/kit/src/test/render';
import { findColors } from './ProductDetail';

const suggestion = (style: string, color: string) => ({ style, color, colorDescription: 'Black', thumbnail: '' });

describe('product detail search', () => {
  it('lists the colours of the typed style, narrowed by a colour number after it', async () => {
    const fake = fakeFetch({ 'POST /api/products/autocomplete/colors/1001_0': () => json(200, { data: [suggestion('1001', '001')] }) });
    configureApi({ fetch: fake });
    expect(await findColors('1001 0', new AbortController().signal)).toEqual([suggestion('1001', '001')]);
    expect(fake.calls).toHaveLength(1);
  });

  it('searches colours by their number or description when no style starts the text', async () => {
    const fake = fakeFetch({
      'POST /api/products/autocomplete/colors/black_': () => json(200, { data: [] }),
      'POST /api/products/autocomplete/colors/black': () => json(200, { data: [suggestion('2002', '010')] }),
    });
    configureApi({ fetch: fake });
    expect(await findColors('black', new AbortController().signal)).toEqual([suggestion('2002', '010')]);
    expect(fake.calls.map((c) => decodeURIComponent(new URL(c.url, 'http://x').pathname))).toEqual([
      '/api/products/autocomplete/colors/black_',
      '/api/products/autocomplete/colors/black',
    ]);
  });
});
