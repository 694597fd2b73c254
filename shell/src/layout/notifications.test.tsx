import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureApi, type User } from '@its/kit';
import { fakeFetch, json, renderWithShell } from '../../kit/src/test/render';
import ja from '../i18n/lang/ja-JP.json';
import { NotificationDrawer } from './notifications';

const user = { id: 'u1', userCode: 'APR001', firstName: 'Ann', lastName: 'Approver' } as unknown as User;

function serve(items: unknown[]) {
  const fake = fakeFetch({
    'POST /api/notifications/all/query': () => json(200, { data: { items, total: items.length, newCount: items.length } }),
  });
  configureApi({ fetch: fake });
  vi.stubGlobal('fetch', fake);
}

describe('NotificationDrawer', () => {
  it('words a notification stored as a message id and values in the reader language, and an old row by its English text', async () => {
    serve([
      {
        id: 'n1',
        type: 'PromoOrderNotification',
        title: '',
        body: '',
        messageId: 'notifications.message.promoSubmitted',
        values: { orderNumber: '100245', requester: 'Uma User' },
        state: 'New',
        link: '/orders/promos/order/100245',
      },
      { id: 'n2', type: 'SystemNotification', title: 'Old English title', body: 'Old English body', state: 'Read' },
    ]);
    await act(async () => {
      renderWithShell(<NotificationDrawer open />, { shell: { user }, locale: 'ja-JP', messages: ja as Record<string, string> });
    });
    expect(await screen.findByText('注文 100245 のレビューが必要です')).toBeTruthy();
    expect(screen.getByText('Uma User さんがプロモーション注文 100245 を承認のために送信しました。')).toBeTruthy();
    expect(screen.getByText('Old English title')).toBeTruthy();
    expect(screen.getByText('Old English body')).toBeTruthy();
  });
});
