/** dashboard--default: the logged-out landing page with the login form and the login dialogs. */
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, Icon, api, toast, type PublicOptions } from '@its/kit';
import { BrandMark } from '../layout/Brand';
import { useSession, sessionApi } from '../session/SessionProvider';
import { LoggedOutDialog } from '../session/SessionDialogs';
import { EmailConfirmedDialog, RequestAccessDialog, RequestResetDialog, ResetPasswordDialog, type LoginDialog } from './dialogs';
import { Field } from './forms';
import { LanguagePicker } from './LanguagePicker';

export function usePublicOptions() {
  return useQuery({
    queryKey: ['public', 'options'],
    queryFn: () => api.get<PublicOptions>('/options/data/public', { silent: true }),
    staleTime: 10 * 60_000,
    retry: false,
  });
}

function Feature({ icon, children }: { icon: string; children: ReactNode }) {
  return (
    <li className="shell-login__feature">
      <span className="shell-login__feature-icon">
        <Icon name={icon} size={18} />
      </span>
      <span>{children}</span>
    </li>
  );
}

/** A company sign-in provider: one "Sign in with {name}" button each. */
export interface SignInProvider {
  id: string;
  name: string;
  type: 'oidc' | 'saml';
}

export function useSignInProviders() {
  return useQuery({
    queryKey: ['public', 'sso-providers'],
    queryFn: () => api.get<SignInProvider[]>('/users/sso/providers', { silent: true }),
    staleTime: 10 * 60_000,
    retry: false,
  });
}

/** The login page's words for a refused company sign-in (?ssoError=<code>). */
function SignInRefused({ code }: { code: string }) {
  switch (code) {
    case 'ITS_ERR_SSO_STATE':
      return <FormattedMessage id="login.sso.error.state" defaultMessage="This sign-in link was already used or has expired. Please sign in again." />;
    case 'ITS_ERR_SSO_TOKEN':
      return <FormattedMessage id="login.sso.error.token" defaultMessage="The sign-in provider's answer failed its security checks. Please sign in again." />;
    case 'ITS_ERR_SSO_CLAIMS':
      return <FormattedMessage id="login.sso.error.claims" defaultMessage="The sign-in provider did not give a verified e-mail address for your account." />;
    case 'ITS_ERR_SSO_ACCOUNT':
      return <FormattedMessage id="login.sso.error.account" defaultMessage="An account with your e-mail address signs in another way. Please contact the administrator." />;
    case 'ITS_ERR_ACCOUNT_DEACTIVATED':
      return <FormattedMessage id="login.sso.error.deactivated" defaultMessage="Your account has been deactivated. Please contact the administrator." />;
    default:
      return <FormattedMessage id="login.sso.error.provider" defaultMessage="Signing in with the company's provider did not work. Please try again." />;
  }
}

export interface LoginPageProps {
  /** A login dialog to open on arrival (set-password and confirm-email links). */
  dialog?: LoginDialog;
  resetParams?: { userId: string; code: string; isNew: boolean };
  requestEmail?: string;
}

export function LoginPage({ dialog: initialDialog = null, resetParams, requestEmail }: LoginPageProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const { controller, snapshot } = useSession();
  const publicOptions = usePublicOptions();
  const providers = useSignInProviders();
  const ssoError = new URLSearchParams(location.search).get('ssoError');
  const stateDialog = (location.state as { dialog?: LoginDialog } | null)?.dialog ?? null;
  const [dialog, setDialog] = useState<LoginDialog>(initialDialog ?? stateDialog);
  const [loggedOutOpen, setLoggedOutOpen] = useState(snapshot.reason === 'inactivity');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!email.trim() || !password) return;
    setBusy(true);
    try {
      const answer = await sessionApi.login(email.trim(), password);
      controller.login(answer);
      toast.success(intl.formatMessage({ id: 'login.success', defaultMessage: "You've successfully logged in" }));
    } catch (err) {
      const provider = (err instanceof ApiError && (err.details as { name?: string } | undefined)?.name) || '';
      const msg =
        err instanceof ApiError && err.messageCode === 'ITS_ERR_SSO_REQUIRED'
          ? intl.formatMessage(
              { id: 'login.sso.required', defaultMessage: 'Addresses of this domain sign in with {name}: use the button "Sign in with {name}".' },
              { name: provider },
            )
          : err instanceof ApiError && err.message && !/^HTTP \d+$/.test(err.message)
            ? err.message
            : intl.formatMessage({ id: 'login.unknownError', defaultMessage: 'Unknown error' });
      toast.error(msg, { key: 'login-error' });
      setBusy(false);
    }
  };

  const closeDialog = () => {
    setDialog(null);
    if (initialDialog || stateDialog) navigate('/', { replace: true, state: null });
  };
  const required = intl.formatMessage({ id: 'form.required', defaultMessage: 'Required' });

  return (
    <div className="shell-login" data-testid="login-page">
      <aside className="shell-login__brand">
        <div className="shell-login__brand-inner">
          <div className="shell-login__logo">
            <BrandMark size={44} />
            <span>ITS</span>
          </div>
          <h1 className="shell-login__headline">
            <FormattedMessage id="login.headline" defaultMessage="Every line, sample and order — in one place." />
          </h1>
          <p className="shell-login__tagline">
            <FormattedMessage
              id="login.tagline"
              defaultMessage="Plan assortments, browse the libraries, track sample inventory and handle sample, promo and wholesale orders with your team."
            />
          </p>
          <ul className="shell-login__features">
            <Feature icon="layers">
              <FormattedMessage id="login.feature.assortments" defaultMessage="Assortments and seasons in spreadsheet-fast grids" />
            </Feature>
            <Feature icon="globe">
              <FormattedMessage id="login.feature.libraries" defaultMessage="Advertising, product and retail libraries" />
            </Feature>
            <Feature icon="cart">
              <FormattedMessage id="login.feature.orders" defaultMessage="Sample, promo and wholesale orders with approvals" />
            </Feature>
          </ul>
        </div>
        <div className="shell-login__stripes" aria-hidden />
      </aside>
      <main className="shell-login__panel">
        <div className="shell-login__top">
          <LanguagePicker />
        </div>
        <form className="shell-login__form" onSubmit={submit} noValidate data-testid="login-form">
          <h2 className="shell-login__title">
            <FormattedMessage id="login.title" defaultMessage="Log in to ITS" />
          </h2>
          <p className="shell-login__subtitle">
            {(providers.data ?? []).length > 0 ? (
              <FormattedMessage
                id="login.subtitle.sso"
                defaultMessage="Staff sign in with the company account; partners with their e-mail address and ITS password."
              />
            ) : (
              <FormattedMessage id="login.subtitle" defaultMessage="Use your work e-mail address and password." />
            )}
          </p>
          {ssoError && (
            <p className="shell-login__sso-error" role="alert" data-testid="sso-error">
              <SignInRefused code={ssoError} />
            </p>
          )}
          {(providers.data ?? []).length > 0 && (
            <div className="shell-login__sso" data-testid="sso-providers">
              {(providers.data ?? []).map((p) => (
                <a
                  key={p.id}
                  className="its-btn its-btn--secondary its-btn--block"
                  href={`/api/users/sso/${encodeURIComponent(p.id)}/login`}
                  data-testid={`sso-${p.id}`}
                >
                  <FormattedMessage id="login.sso.button" defaultMessage="Sign in with {name}" values={{ name: p.name }} />
                </a>
              ))}
              <p className="shell-login__sso-or">
                <FormattedMessage id="login.sso.or" defaultMessage="or with your ITS password" />
              </p>
            </div>
          )}
          <Field
            label={intl.formatMessage({ id: 'form.email', defaultMessage: 'E-mail' })}
            type="email"
            name="email"
            autoComplete="username"
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={touched && !email.trim() ? required : undefined}
          />
          <Field
            label={intl.formatMessage({ id: 'form.password', defaultMessage: 'Password' })}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={touched && !password ? required : undefined}
          />
          <div className="shell-login__row">
            <button type="button" className="its-btn its-btn--link" onClick={() => setDialog('requestReset')} data-testid="forgot-password">
              <FormattedMessage id="login.forgot" defaultMessage="Forgot your password?" />
            </button>
          </div>
          <button type="submit" className="its-btn its-btn--primary its-btn--block" disabled={busy} data-testid="login-submit">
            {busy ? <FormattedMessage id="login.busy" defaultMessage="Logging in…" /> : <FormattedMessage id="login.submit" defaultMessage="Log in" />}
          </button>
          <p className="shell-login__alt">
            <FormattedMessage id="login.noAccount" defaultMessage="No account yet?" />{' '}
            <button type="button" className="its-btn its-btn--link" onClick={() => setDialog('requestAccess')} data-testid="request-access">
              <FormattedMessage id="login.requestAccess" defaultMessage="Request access" />
            </button>
          </p>
        </form>
        <p className="shell-login__version">
          {publicOptions.data?.version && (
            <FormattedMessage id="login.version" defaultMessage="Version {version}" values={{ version: publicOptions.data.version }} />
          )}
        </p>
      </main>
      {dialog === 'requestAccess' && <RequestAccessDialog onClose={closeDialog} initialEmail={requestEmail} />}
      {dialog === 'requestReset' && <RequestResetDialog onClose={closeDialog} />}
      {dialog === 'emailConfirmed' && <EmailConfirmedDialog onClose={closeDialog} />}
      {dialog === 'resetPassword' && resetParams && (
        <ResetPasswordDialog {...resetParams} onClose={closeDialog} onDone={() => navigate('/', { replace: true })} />
      )}
      <LoggedOutDialog open={loggedOutOpen && !dialog} onClose={() => setLoggedOutOpen(false)} />
    </div>
  );
}
