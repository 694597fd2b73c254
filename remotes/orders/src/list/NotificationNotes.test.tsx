import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configureApi } from '@its/kit';
import { fakeFetch, json, renderWithShell } from '../../../../shell/kit/src/test/render';
import ja from '../../../../shell/src/i18n/lang/ja-JP.json';
import { NotificationNotes } from './NotificationNotes';

describe('NotificationNotes', () => {
  it('words an order notification stored as a message id in the reader language', async () => {
    const item = { id: 'n1', type: 'SampleOrderNotification', title: '', messageId: 'notifications.message.sampleSubmitted', values: { orderNumber: '100245', requester: 'Uma User' }, state: 'New', link: '/orders/samples/order/100245' };
    configureApi({ fetch: fakeFetch({ 'POST /api/notifications/SampleOrderNotification/query': () => json(200, { data: { items: [item], total: 1, newCount: 1 } }) }) });
    await act(async () => {
      renderWithShell(<NotificationNotes type="SampleOrderNotification" />, { locale: 'ja-JP', messages: ja as Record<string, string> });
    });
    expect((await screen.findByTestId('order-notification')).textContent).toBe('注文 100245 が送信されました');
  });
});
