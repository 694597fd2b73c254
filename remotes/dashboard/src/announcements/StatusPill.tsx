/** Where an announcement stands today: draft, scheduled, live on the dashboard, or expired. */
import { FormattedMessage } from 'react-intl';
import { chartStatus, type Chart } from './api';

export function StatusPill({ chart, today }: { chart: Pick<Chart, 'published' | 'startDate' | 'endDate'>; today: string }) {
  const s = chartStatus(chart, today);
  return (
    <span className={`dash-ann-status dash-ann-status--${s}`} data-testid="announcement-status" data-status={s}>
      {s === 'draft' && <FormattedMessage id="dashboard.manage.status.draft" defaultMessage="Draft" />}
      {s === 'live' && <FormattedMessage id="dashboard.manage.status.live" defaultMessage="Live" />}
      {s === 'scheduled' && <FormattedMessage id="dashboard.manage.status.scheduled" defaultMessage="Scheduled" />}
      {s === 'expired' && <FormattedMessage id="dashboard.manage.status.expired" defaultMessage="Expired" />}
    </span>
  );
}
