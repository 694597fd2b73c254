import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog, useOptions, useStore } from '@its/kit';
import { closeGlobalError, errorStore } from './errorStore';

function detailsText(message: string, details: unknown): string | null {
  const parts: string[] = [];
  if (message && !/^HTTP \d+$/.test(message)) parts.push(message);
  if (details !== undefined && details !== null && !(typeof details === 'string' && details === '')) {
    parts.push(typeof details === 'string' ? details : JSON.stringify(details, null, 2));
  }
  return parts.length ? parts.join('\n\n') : null;
}

/** 'Unexpected Server Error' for 5xx and 'Network Error' when nothing answered. */
export function ErrorDialogs() {
  const error = useStore(errorStore);
  const intl = useIntl();
  const options = useOptions();
  if (!error) return null;
  const reload = () => window.location.reload();
  if (error.kind === 'network') {
    return (
      <Dialog
        open
        tone="warning"
        icon="warning"
        testId="network-error-dialog"
        title={intl.formatMessage({ id: 'error.network.title', defaultMessage: 'Network Error' })}
        onClose={closeGlobalError}
        actions={
          <>
            <button type="button" className="its-btn its-btn--ghost" onClick={closeGlobalError}>
              <FormattedMessage id="error.close" defaultMessage="Close" />
            </button>
            <button type="button" className="its-btn its-btn--primary" onClick={reload}>
              <FormattedMessage id="error.reload" defaultMessage="Reload page" />
            </button>
          </>
        }
      >
        <p className="its-dialog__text">
          <FormattedMessage
            id="error.network.body"
            defaultMessage="The server could not be reached. You may be offline, or the request was blocked by the browser (a cross-origin problem). Check your connection and try again."
          />
        </p>
      </Dialog>
    );
  }
  const text = detailsText(error.message, error.details);
  const email = options.supportEmail;
  return (
    <Dialog
      open
      tone="danger"
      icon="error"
      width={560}
      testId="server-error-dialog"
      title={intl.formatMessage({ id: 'error.server.title', defaultMessage: 'Unexpected Server Error' })}
      onClose={closeGlobalError}
      actions={
        <>
          <button type="button" className="its-btn its-btn--ghost" onClick={closeGlobalError}>
            <FormattedMessage id="error.close" defaultMessage="Close" />
          </button>
          <button type="button" className="its-btn its-btn--primary" onClick={reload} data-autofocus>
            <FormattedMessage id="error.reload" defaultMessage="Reload page" />
          </button>
        </>
      }
    >
      <p className="its-dialog__text">
        {email ? (
          <FormattedMessage
            id="error.server.bodyEmail"
            defaultMessage="Please refresh the page and try again. If the problem persists, contact your administrator ({email})."
            values={{ email: <a href={`mailto:${email}`}>{email}</a> }}
          />
        ) : (
          <FormattedMessage
            id="error.server.body"
            defaultMessage="Please refresh the page and try again. If the problem persists, contact your administrator."
          />
        )}
      </p>
      <pre className="shell-error-details" data-testid="server-error-details">
        {text ?? intl.formatMessage({ id: 'error.server.noInfo', defaultMessage: '- No additional information available -' })}
      </pre>
      {error.requestId && (
        <p className="shell-error-ref">
          <FormattedMessage id="error.server.reference" defaultMessage="Reference: {id}" values={{ id: error.requestId }} />
        </p>
      )}
    </Dialog>
  );
}
