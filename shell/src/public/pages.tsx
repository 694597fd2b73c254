/** The public routes of spec §2.4, reachable without login. */
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, Icon, Spinner, api } from '@its/kit';
import { useSession } from '../session/SessionProvider';
import { LoginPage } from './Login';
import { PublicCard, PublicLayout } from './PublicLayout';

export function LoggedOutPage() {
  return (
    <PublicLayout testId="logged-out-page">
      <PublicCard icon={<Icon name="logout" size={26} />} title={<FormattedMessage id="loggedOut.title" defaultMessage="You have been logged out" />}>
        <p className="shell-public__text">
          <FormattedMessage id="loggedOut.body" defaultMessage="Thanks for using ITS. Downloads in progress were not interrupted." />
        </p>
        <Link to="/" className="its-btn its-btn--primary">
          <FormattedMessage id="loggedOut.again" defaultMessage="Log in again" />
        </Link>
      </PublicCard>
    </PublicLayout>
  );
}

export function NotApprovedPage() {
  return (
    <PublicLayout testId="not-approved-page">
      <PublicCard icon={<Icon name="clock" size={26} />} title={<FormattedMessage id="notApproved.title" defaultMessage="Your access is not approved yet" />}>
        <p className="shell-public__text">
          <FormattedMessage id="notApproved.body" defaultMessage="Your request for access is under review. You will be notified by e-mail once an administrator has approved it." />
        </p>
        <p className="shell-public__text shell-public__muted">
          <FormattedMessage id="notApproved.deactivated" defaultMessage="If your account was deactivated due to inactivity, contact your administrator." />
        </p>
        <Link to="/" className="its-btn its-btn--secondary">
          <FormattedMessage id="public.backToLogin" defaultMessage="Back to login" />
        </Link>
      </PublicCard>
    </PublicLayout>
  );
}

export function ConfirmEmailPage() {
  const { messages = '' } = useParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const intl = useIntl();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    api.post('/users/confirm-email', { code: messages }, { silent: true }).then(
      () => navigate('/', { replace: true, state: { dialog: 'emailConfirmed' } }),
      (e: unknown) =>
        setError(e instanceof ApiError && e.message ? e.message : intl.formatMessage({ id: 'login.unknownError', defaultMessage: 'Unknown error' })),
    );
  }, [messages, navigate, intl]);
  return (
    <PublicLayout testId="confirm-email-page">
      {error ? (
        <PublicCard icon={<Icon name="warning" size={26} />} title={<FormattedMessage id="confirmEmail.failed" defaultMessage="This confirmation link does not work" />}>
          <p className="shell-public__text">{error}</p>
          <Link to="/" className="its-btn its-btn--secondary">
            <FormattedMessage id="public.backToLogin" defaultMessage="Back to login" />
          </Link>
        </PublicCard>
      ) : (
        <PublicCard icon={<Spinner size={26} />} title={<FormattedMessage id="confirmEmail.checking" defaultMessage="Confirming your e-mail address…" />} />
      )}
    </PublicLayout>
  );
}

export function SetPasswordPage() {
  const { userId = '', code = '', isNew } = useParams();
  return <LoginPage dialog="resetPassword" resetParams={{ userId, code, isNew: isNew === 'true' || isNew === '1' || isNew === 'new' }} />;
}

function decodePending(raw: string): string {
  try {
    const s = decodeURIComponent(raw);
    if (s.includes('@')) return s;
    const decoded = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
    const parsed: unknown = JSON.parse(decoded);
    if (parsed && typeof parsed === 'object' && 'email' in parsed) return String((parsed as { email: unknown }).email);
    return decoded.includes('@') ? decoded : '';
  } catch {
    return '';
  }
}

export function AdRegisterPage() {
  const { pendingUser = '' } = useParams();
  return <LoginPage dialog="requestAccess" requestEmail={decodePending(pendingUser)} />;
}

const FILE_TYPES: Record<string, string> = { pdf: 'PDF', xlsx: 'Excel', zip: 'ZIP' };

export function FilePage({ kind }: { kind: 'shared' | 'scheduled' }) {
  const params = useParams();
  const { fileType = '', documentId = '', filename = '' } = params;
  const secret = kind === 'shared' ? params.accessCode ?? '' : params.timeStamp ?? '';
  const href = `/api/assortment-documents/${encodeURIComponent(fileType)}/${kind}/${encodeURIComponent(documentId)}/${encodeURIComponent(secret)}/${encodeURIComponent(filename)}`;
  const { snapshot } = useSession();
  return (
    <PublicLayout testId={`file-${kind}-page`}>
      <PublicCard
        icon={<Icon name="document" size={26} />}
        title={
          kind === 'shared' ? (
            <FormattedMessage id="file.shared.title" defaultMessage="A document was shared with you" />
          ) : (
            <FormattedMessage id="file.scheduled.title" defaultMessage="Your scheduled document is ready" />
          )
        }
      >
        <div className="shell-file">
          <span className="shell-file__type">{FILE_TYPES[fileType.toLowerCase()] ?? fileType.toUpperCase()}</span>
          <span className="shell-file__name">{decodeURIComponent(filename)}</span>
        </div>
        <a className="its-btn its-btn--primary" href={href} download={decodeURIComponent(filename)} data-testid="file-download">
          <Icon name="download" size={18} />
          <FormattedMessage id="file.download" defaultMessage="Download" />
        </a>
        {snapshot.state === 'loggedOut' && (
          <p className="shell-public__text shell-public__muted">
            <FormattedMessage id="file.note" defaultMessage="The link works without an ITS account. Do not forward it outside the company." />
          </p>
        )}
      </PublicCard>
    </PublicLayout>
  );
}
