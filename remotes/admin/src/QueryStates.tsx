/** The admin pages' controls around a list read from the server: refresh it, and say it failed with a retry. */
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState, Icon } from '@its/kit';

/** The toolbar's refresh button of a list. */
export function RefreshButton({ onClick, testId }: { onClick: () => void; testId: string }) {
  const intl = useIntl();
  const text = intl.formatMessage({ id: 'admin.action.refresh', defaultMessage: 'Refresh' });
  return (
    <button type="button" className="its-icon-btn adm-toolbar__refresh" onClick={onClick} aria-label={text} title={text} data-testid={testId}>
      <Icon name="refresh" size={18} />
    </button>
  );
}

/** A list that could not be read: what failed, and a button to try again. */
export function LoadFailed({ title, onRetry }: { title: ReactNode; onRetry: () => void }) {
  return (
    <EmptyState icon="warning" title={title}>
      <button type="button" className="its-btn its-btn--secondary" onClick={onRetry}>
        <FormattedMessage id="admin.action.retry" defaultMessage="Try again" />
      </button>
    </EmptyState>
  );
}
