/** The live indicator of a grid that follows a topic (useLiveRows): "Live", or reconnecting. */
import { useIntl } from 'react-intl';
import type { LiveState } from './hooks/useLiveRows';
import { m } from './messages';

export function LiveBadge({ state, testId }: { state: LiveState; testId?: string }) {
  const intl = useIntl();
  if (state === 'off') return null;
  const live = state === 'live';
  return (
    <span className={`its-live its-live--${state}`} data-testid={testId} data-state={state} role="status" title={live ? intl.formatMessage(m.liveOnTitle) : undefined}>
      <span className="its-live__dot" aria-hidden="true" />
      {intl.formatMessage(live ? m.liveOn : m.liveOff)}
    </span>
  );
}
