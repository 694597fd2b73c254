/** The login dialogs (spec §2.4): request access, request password reset, reset password, email confirmed. */
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError, Dialog, api, toast } from '@its/kit';
import { EMAIL_RE, Field } from './forms';

export type LoginDialog = 'requestAccess' | 'requestReset' | 'resetPassword' | 'emailConfirmed' | null;

function failure(intl: ReturnType<typeof useIntl>, e: unknown) {
  const msg = e instanceof ApiError && e.message ? e.message : intl.formatMessage({ id: 'login.unknownError', defaultMessage: 'Unknown error' });
  toast.error(msg);
}

export function RequestAccessDialog({ onClose, initialEmail = '' }: { onClose: () => void; initialEmail?: string }) {
  const intl = useIntl();
  const [email, setEmail] = useState(initialEmail);
  const [name, setName] = useState('');
  const [lastName, setLastName] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [touched, setTouched] = useState(false);
  const emailError = touched && !EMAIL_RE.test(email) ? intl.formatMessage({ id: 'form.email.invalid', defaultMessage: 'Enter a valid e-mail address.' }) : undefined;
  const required = intl.formatMessage({ id: 'form.required', defaultMessage: 'Required' });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!EMAIL_RE.test(email) || !name.trim() || !lastName.trim()) return;
    setBusy(true);
    try {
      await api.post('/users/access-request', { email: email.trim(), name: name.trim(), lastName: lastName.trim() });
      setSent(true);
    } catch (err) {
      failure(intl, err);
    } finally {
      setBusy(false);
    }
  };
  const title = intl.formatMessage({ id: 'requestAccess.title', defaultMessage: 'Request access' });
  if (sent) {
    return (
      <Dialog open title={title} icon="mail" tone="success" onClose={onClose} testId="request-access-dialog"
        actions={<button type="button" className="its-btn its-btn--primary" onClick={onClose} data-autofocus><FormattedMessage id="dialog.done" defaultMessage="Done" /></button>}>
        <p className="its-dialog__text">
          <FormattedMessage id="requestAccess.sent" defaultMessage="Check your inbox: we sent a link to {email}. After you confirm your e-mail address, an administrator reviews your request." values={{ email: <strong>{email}</strong> }} />
        </p>
      </Dialog>
    );
  }
  return (
    <Dialog open title={title} icon="user" onClose={onClose} testId="request-access-dialog">
      <form onSubmit={submit} noValidate>
        <p className="its-dialog__text shell-form-lead">
          <FormattedMessage id="requestAccess.lead" defaultMessage="Tell us who you are. E-mail verification is required, then an administrator reviews the request." />
        </p>
        <Field label={intl.formatMessage({ id: 'form.email', defaultMessage: 'E-mail' })} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={emailError} data-autofocus />
        <div className="shell-form-row">
          <Field label={intl.formatMessage({ id: 'form.firstName', defaultMessage: 'First name' })} autoComplete="given-name" value={name} onChange={(e) => setName(e.target.value)} error={touched && !name.trim() ? required : undefined} />
          <Field label={intl.formatMessage({ id: 'form.lastName', defaultMessage: 'Last name' })} autoComplete="family-name" value={lastName} onChange={(e) => setLastName(e.target.value)} error={touched && !lastName.trim() ? required : undefined} />
        </div>
        <div className="its-dialog__actions shell-form-actions">
          <button type="button" className="its-btn its-btn--ghost" onClick={onClose}>
            <FormattedMessage id="dialog.cancel" defaultMessage="Cancel" />
          </button>
          <button type="submit" className="its-btn its-btn--primary" disabled={busy}>
            <FormattedMessage id="requestAccess.submit" defaultMessage="Send request" />
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export function RequestResetDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [touched, setTouched] = useState(false);
  const title = intl.formatMessage({ id: 'requestReset.title', defaultMessage: 'Reset your password' });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!EMAIL_RE.test(email)) return;
    setBusy(true);
    try {
      await api.post('/users/password-reset', { email: email.trim() });
      setSent(true);
    } catch (err) {
      failure(intl, err);
    } finally {
      setBusy(false);
    }
  };
  if (sent) {
    return (
      <Dialog open title={title} icon="mail" tone="success" onClose={onClose} testId="request-reset-dialog"
        actions={<button type="button" className="its-btn its-btn--primary" onClick={onClose} data-autofocus><FormattedMessage id="dialog.done" defaultMessage="Done" /></button>}>
        <p className="its-dialog__text">
          <FormattedMessage id="requestReset.sent" defaultMessage="If an account exists for {email}, we sent it a link to choose a new password." values={{ email: <strong>{email}</strong> }} />
        </p>
      </Dialog>
    );
  }
  return (
    <Dialog open title={title} icon="lock" onClose={onClose} testId="request-reset-dialog">
      <form onSubmit={submit} noValidate>
        <p className="its-dialog__text shell-form-lead">
          <FormattedMessage id="requestReset.lead" defaultMessage="Enter the e-mail address of your account and we will send you a reset link. Company employees reset their password through the IT department." />
        </p>
        <Field label={intl.formatMessage({ id: 'form.email', defaultMessage: 'E-mail' })} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)}
          error={touched && !EMAIL_RE.test(email) ? intl.formatMessage({ id: 'form.email.invalid', defaultMessage: 'Enter a valid e-mail address.' }) : undefined} data-autofocus />
        <div className="its-dialog__actions shell-form-actions">
          <button type="button" className="its-btn its-btn--ghost" onClick={onClose}>
            <FormattedMessage id="dialog.cancel" defaultMessage="Cancel" />
          </button>
          <button type="submit" className="its-btn its-btn--primary" disabled={busy}>
            <FormattedMessage id="requestReset.submit" defaultMessage="Send reset link" />
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export const MIN_PASSWORD = 8;

export function ResetPasswordDialog({ userId, code, isNew, onClose, onDone }: { userId: string; code: string; isNew: boolean; onClose: () => void; onDone: () => void }) {
  const intl = useIntl();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const tooShort = password.length < MIN_PASSWORD;
  const mismatch = password !== repeat;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (tooShort || mismatch) return;
    setBusy(true);
    try {
      await api.post('/users/password', { userId, code, password });
      toast.success(intl.formatMessage({ id: 'resetPassword.done', defaultMessage: 'Your password has been set. You can log in now.' }));
      onDone();
    } catch (err) {
      failure(intl, err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open icon="lock" onClose={onClose} testId="reset-password-dialog"
      title={isNew ? intl.formatMessage({ id: 'resetPassword.titleNew', defaultMessage: 'Choose your password' }) : intl.formatMessage({ id: 'resetPassword.title', defaultMessage: 'Choose a new password' })}>
      <form onSubmit={submit} noValidate>
        <Field label={intl.formatMessage({ id: 'form.newPassword', defaultMessage: 'New password' })} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)}
          error={touched && tooShort ? intl.formatMessage({ id: 'form.password.short', defaultMessage: 'Use at least {n} characters.' }, { n: MIN_PASSWORD }) : undefined} data-autofocus />
        <Field label={intl.formatMessage({ id: 'form.repeatPassword', defaultMessage: 'Repeat the password' })} type="password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)}
          error={touched && !tooShort && mismatch ? intl.formatMessage({ id: 'form.password.mismatch', defaultMessage: 'The passwords do not match.' }) : undefined} />
        <div className="its-dialog__actions shell-form-actions">
          <button type="submit" className="its-btn its-btn--primary" disabled={busy}>
            <FormattedMessage id="resetPassword.submit" defaultMessage="Save password" />
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export function EmailConfirmedDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  return (
    <Dialog open icon="checkCircle" tone="success" onClose={onClose} onEnter={onClose} testId="email-confirmed-dialog"
      title={intl.formatMessage({ id: 'emailConfirmed.title', defaultMessage: 'E-mail confirmed' })}
      actions={<button type="button" className="its-btn its-btn--primary" onClick={onClose} data-autofocus><FormattedMessage id="dialog.ok" defaultMessage="OK" /></button>}>
      <p className="its-dialog__text">
        <FormattedMessage id="emailConfirmed.body" defaultMessage="Thank you. Your request for access is under review; you will be notified by e-mail once an administrator has approved it." />
      </p>
    </Dialog>
  );
}
