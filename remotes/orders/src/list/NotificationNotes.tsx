/** The unread order notifications of one type above a list (SampleOrderNotification, spec §2.6). */
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { api, notificationText, type NotificationPage } from '@its/kit';
import { ProductIcon } from '@its/remote-products/api';

export function NotificationNotes({ type }: { type: string }) {
  const intl = useIntl();
  const q = useQuery({
    queryKey: ['notifications', type],
    queryFn: () => api.post<NotificationPage>(`/notifications/${encodeURIComponent(type)}/query`, {}, { silent: true }),
    retry: false,
  });
  const unread = (q.data?.items ?? []).filter((n) => n.state !== 'Read');
  if (unread.length === 0) return null;
  return (
    <div className="or-notes" role="status" data-testid="order-notifications" data-type={type}>
      <ProductIcon name="bell" size={18} />
      <strong>
        <FormattedMessage id="orders.notes.count" defaultMessage="{n, plural, one {# new order notification} other {# new order notifications}}" values={{ n: unread.length }} />
      </strong>
      <span className="or-notes__list">
        {unread.slice(0, 3).map((n) =>
          n.link ? (
            <Link key={n.id} to={n.link} data-testid="order-notification">
              {notificationText(intl, n).title}
            </Link>
          ) : (
            <span key={n.id} data-testid="order-notification">
              {notificationText(intl, n).title}
            </span>
          ),
        )}
      </span>
    </div>
  );
}
