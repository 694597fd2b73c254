import { describe, expect, it } from 'vitest';
import { configureApi, constants } from '@its/kit';
import { fakeFetch, json } from '../../../../shell/kit/src/test/render';
import { listAssortments } from '../api';

describe('listAssortments', () => {
  it('reads a view longer than one list call page after page: every entry once, in order', async () => {
    const page = constants.assortments.maxListPage;
    const all = Array.from({ length: page * 2 + 7 }, (_, i) => ({ _id: `a${i}`, title: `T${i}`, type: 'item' }));
    const fetch = fakeFetch({
      'GET /api/assortments': (_init, url) => {
        const q = new URL(url, 'http://x').searchParams;
        const limit = Math.min(Number(q.get('limit') ?? page), page);
        const offset = Number(q.get('offset') ?? 0);
        return json(200, { data: { view: q.get('view'), items: all.slice(offset, offset + limit), totalCount: all.length, folder: null, path: [] } });
      },
    });
    configureApi({ fetch });
    const ans = await listAssortments('all', { folder: 'f1' });
    expect(ans.items.map((a) => a._id)).toEqual(all.map((a) => a._id));
    expect(ans.totalCount).toBe(all.length);
    const urls = fetch.calls.map((c) => new URL(c.url, 'http://x').searchParams);
    expect(urls.map((u) => u.get('offset'))).toEqual([null, String(page), String(page * 2)]);
    expect(urls.every((u) => u.get('folder') === 'f1' && u.get('limit') === String(page))).toBe(true);
  });

  it('stops when a page comes back empty (entries deleted meanwhile)', async () => {
    let calls = 0;
    configureApi({
      fetch: fakeFetch({
        'GET /api/assortments': () => {
          calls++;
          return json(200, { data: { view: 'all', items: calls === 1 ? [{ _id: 'a0', title: 'T0', type: 'item' }] : [], totalCount: 3, folder: null, path: [] } });
        },
      }),
    });
    const ans = await listAssortments('all');
    expect(ans.items).toHaveLength(1);
    expect(calls).toBe(2);
  });
});
