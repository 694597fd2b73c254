import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog } from '@its/kit';
import { useSession } from './SessionProvider';

/** Whole minutes while a minute or more is left, then seconds. */
export function countdownParts(remainingMs: number): { unit: 'minutes' | 'seconds'; value: number } {
  const s = Math.max(0, Math.ceil(remainingMs / 1000));
  return s >= 60 ? { unit: 'minutes', value: Math.ceil(s / 60) } : { unit: 'seconds', value: s };
}

function useNow(active: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const h = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(h);
  }, [active]);
  return now;
}

export function InactivityWarningDialog() {
  const { snapshot, controller } = useSession();
  const intl = useIntl();
  const open = snapshot.state === 'inactivityWarning';
  const now = useNow(open);
  if (!open) return null;
  const { unit, value } = countdownParts((snapshot.deadline ?? now) - now);
  const stay = () => controller.activity();
  return (
    <Dialog
      open
      tone="warning"
      icon="clock"
      testId="inactivity-dialog"
      title={
        unit === 'minutes'
          ? intl.formatMessage(
              { id: 'session.warning.titleMinutes', defaultMessage: 'Logging out in {n, plural, one {# minute} other {# minutes}}' },
              { n: value },
            )
          : intl.formatMessage(
              { id: 'session.warning.titleSeconds', defaultMessage: 'Logging out in {n, plural, one {# second} other {# seconds}}' },
              { n: value },
            )
      }
      onClose={stay}
      onEnter={stay}
      actions={
        <button type="button" className="its-btn its-btn--primary" onClick={stay} data-autofocus>
          <FormattedMessage id="session.warning.stay" defaultMessage="Stay logged in" />
        </button>
      }
    >
      <p className="its-dialog__text">
        <FormattedMessage id="session.warning.body" defaultMessage="You are about to be logged out, click to stay logged in." />
      </p>
      <p className="its-dialog__text">
        <FormattedMessage id="session.warning.downloads" defaultMessage="Downloads in progress will not be interrupted." />
      </p>
    </Dialog>
  );
}

export function LoggedOutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Dialog
      open={open}
      tone="info"
      icon="lock"
      testId="logged-out-dialog"
      title={intl.formatMessage({ id: 'session.loggedOut.title', defaultMessage: 'You have been logged out' })}
      onClose={onClose}
      onEnter={onClose}
      actions={
        <button type="button" className="its-btn its-btn--primary" onClick={onClose} data-autofocus>
          <FormattedMessage id="session.loggedOut.ok" defaultMessage="Log in again" />
        </button>
      }
    >
      <p className="its-dialog__text">
        <FormattedMessage id="session.loggedOut.body" defaultMessage="You have been logged out due to inactivity." />
      </p>
      <p className="its-dialog__text">
        <FormattedMessage
          id="session.loggedOut.downloads"
          defaultMessage="Downloads in progress were not interrupted; check the downloads area of your browser."
        />
      </p>
    </Dialog>
  );
}

export function StateErrorDialog() {
  const { snapshot } = useSession();
  const intl = useIntl();
  if (snapshot.state !== 'error') return null;
  return (
    <Dialog
      open
      tone="danger"
      icon="error"
      testId="session-error-dialog"
      title={intl.formatMessage({ id: 'session.error.title', defaultMessage: 'Session error' })}
      actions={
        <button type="button" className="its-btn its-btn--primary" onClick={() => window.location.reload()} data-autofocus>
          <FormattedMessage id="error.reload" defaultMessage="Reload page" />
        </button>
      }
    >
      <p className="its-dialog__text">
        <FormattedMessage id="session.error.body" defaultMessage="There was a login state error. Please reload your page." />
      </p>
    </Dialog>
  );
}
