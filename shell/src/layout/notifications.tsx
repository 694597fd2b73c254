import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, FormattedRelativeTime, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import {
  CountBadge,
  EmptyState,
  Icon,
  NOTIFICATION_DRAWER_WIDTH,
  Spinner,
  api,
  chrome,
  useCurrentUser,
  notificationText,
  type NotificationItem,
  type NotificationPage,
} from '@its/kit';

const KEY = ['notifications', 'all'] as const;

export function useNotifications() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: [...KEY, user?.id],
    queryFn: () => api.post<NotificationPage>('/notifications/all/query', {}, { silent: true }),
    enabled: !!user,
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
    retry: false,
  });
}

function relative(date: string | undefined): { value: number; unit: 'minute' | 'hour' | 'day' } | null {
  if (!date) return null;
  const t = Date.parse(date);
  if (Number.isNaN(t)) return null;
  const mins = Math.round((t - Date.now()) / 60_000);
  if (Math.abs(mins) < 60) return { value: mins, unit: 'minute' };
  const hours = Math.round(mins / 60);
  if (Math.abs(hours) < 24) return { value: hours, unit: 'hour' };
  return { value: Math.round(hours / 24), unit: 'day' };
}

/** The notification drawer: 360 px, #f5f5f5, a filter counting 'New' (9+ above 9). */
export function NotificationDrawer({ open }: { open: boolean }) {
  const intl = useIntl();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { data, isPending, isError, refetch } = useNotifications();
  useEffect(() => {
    if (open) void refetch();
  }, [open, refetch]);
  const [onlyNew, setOnlyNew] = useState(false);
  const items = useMemo(() => (data?.items ?? []).filter((n) => !onlyNew || n.state === 'New'), [data, onlyNew]);
  const newCount = data?.newCount ?? (data?.items ?? []).filter((n) => n.state === 'New').length;
  const refresh = () => qc.invalidateQueries({ queryKey: KEY });
  const markAll = useMutation({
    mutationFn: () => api.post('/notifications/all/setStateAll/Read', {}),
    onSettled: refresh,
  });
  const markOne = useMutation({
    mutationFn: (n: NotificationItem) => api.post(`/notifications/${encodeURIComponent(n.type || 'all')}/batch/many`, { ids: [n.id], state: 'Read' }),
    onSettled: refresh,
  });
  const openItem = (n: NotificationItem) => {
    if (n.state === 'New') markOne.mutate(n);
    if (n.link) {
      chrome.openNotifications(false);
      if (/^https?:/.test(n.link)) window.open(n.link, '_blank', 'noopener');
      else navigate(n.link);
    }
  };
  const filterLabel = intl.formatMessage(
    { id: 'notifications.filterNew', defaultMessage: 'Show only new ({count})' },
    { count: newCount },
  );
  return (
    <aside
      className={`shell-drawer shell-notifications${open ? ' is-open' : ''}`}
      style={{ width: NOTIFICATION_DRAWER_WIDTH }}
      aria-hidden={!open}
      aria-label={intl.formatMessage({ id: 'appbar.notifications', defaultMessage: 'Notifications' })}
      data-testid="notification-drawer"
      inert={!open}
    >
      <div className="shell-drawer__head">
        <h2 className="shell-drawer__title">
          <FormattedMessage id="notifications.title" defaultMessage="Notifications" />
        </h2>
        <button
          type="button"
          className={`its-icon-btn shell-notifications__filter${onlyNew ? ' is-active' : ''}`}
          aria-pressed={onlyNew}
          aria-label={filterLabel}
          title={filterLabel}
          onClick={() => setOnlyNew((v) => !v)}
          data-testid="notifications-filter"
        >
          <Icon name="filter" size={18} />
          <span className="shell-notifications__filter-badge">
            <CountBadge count={newCount} />
          </span>
        </button>
        <button
          type="button"
          className="its-icon-btn"
          aria-label={intl.formatMessage({ id: 'kit.dialog.close', defaultMessage: 'Close' })}
          onClick={() => chrome.openNotifications(false)}
        >
          <Icon name="close" size={18} />
        </button>
      </div>
      <div className="shell-drawer__toolbar">
        <span className="shell-drawer__count">
          <FormattedMessage id="notifications.newCount" defaultMessage="{count, plural, =0 {No new notifications} one {# new} other {# new}}" values={{ count: newCount }} />
        </span>
        <button type="button" className="its-btn its-btn--link" disabled={newCount === 0 || markAll.isPending} onClick={() => markAll.mutate()}>
          <FormattedMessage id="notifications.markAllRead" defaultMessage="Mark all as read" />
        </button>
      </div>
      <div className="shell-drawer__body">
        {isPending && (
          <div className="shell-center">
            <Spinner />
          </div>
        )}
        {isError && (
          <EmptyState icon="warning" title={<FormattedMessage id="notifications.error" defaultMessage="Notifications could not be loaded." />} />
        )}
        {!isPending && !isError && items.length === 0 && (
          <EmptyState icon="bell" title={<FormattedMessage id="notifications.empty" defaultMessage="You're all caught up." />} />
        )}
        <ul className="shell-notifications__list">
          {items.map((n) => {
            const rel = relative(n.createdDate);
            const text = notificationText(intl, n);
            return (
              <li key={n.id}>
                <button type="button" className={`shell-notification${n.state === 'New' ? ' is-new' : ''}`} onClick={() => openItem(n)}>
                  <span className="shell-notification__dot" aria-hidden />
                  <span className="shell-notification__text">
                    <strong>{text.title}</strong>
                    {text.body && <span className="shell-notification__body">{text.body}</span>}
                    {rel && (
                      <span className="shell-notification__time">
                        <FormattedRelativeTime value={rel.value} unit={rel.unit} numeric="auto" />
                      </span>
                    )}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </aside>
  );
}
