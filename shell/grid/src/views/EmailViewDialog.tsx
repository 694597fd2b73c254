/**
 * Shares a view by e-mail through the saved search's share call (platform spec §7): recipients,
 * bcc, subject, message and the link's text; the link's path is the page with `?view=id`.
 */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useMutation } from '@tanstack/react-query';
import { ApiError, Dialog, toast } from '@its/kit';
import { failure, viewsApi } from './api';
import { DialogActions } from './DialogActions';
import { vm } from './messages';
import { emailList, viewPath, type SavedView } from './viewState';

interface MailForm {
  recipients: string;
  bcc: string;
  subject: string;
  body: string;
  textLink: string;
}

export function EmailViewDialog({ view, onClose }: { view: SavedView; onClose: () => void }) {
  const intl = useIntl();
  const [form, setForm] = useState<MailForm>({ recipients: view.sharedWith.join(', '), bcc: '', subject: view.name, body: '', textLink: view.name });
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () =>
      viewsApi.share({
        recipients: emailList(form.recipients),
        bccRecipients: emailList(form.bcc),
        subject: form.subject.trim(),
        body: form.body,
        textLink: form.textLink.trim() || view.name,
        path: viewPath(window.location.href, view._id),
      }),
    onSuccess: () => {
      toast.success(intl.formatMessage(vm.sent));
      onClose();
    },
    // A refused form names its field in the dialog; any other failure did not send (platform spec §8).
    onError: (e) => {
      if (e instanceof ApiError && e.status === 400) setError(failure(e, intl.formatMessage(vm.failed)));
      else toast.error(intl.formatMessage(vm.cannotSend), { key: 'grid-view-email' });
    },
  });
  const submit = () => {
    setError(null);
    if (emailList(form.recipients).length === 0) return setError(intl.formatMessage(vm.noRecipients));
    if (!form.subject.trim()) return setError(intl.formatMessage(vm.noSubject));
    send.mutate();
  };
  const set = (k: keyof MailForm) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  const fields = [
    ['recipients', vm.recipients],
    ['bcc', vm.bcc],
    ['subject', vm.subject],
    ['textLink', vm.textLink],
  ] as const;

  return (
    <Dialog
      open
      title={intl.formatMessage(vm.emailTitle)}
      onClose={onClose}
      width={560}
      testId="grid-view-email-dialog"
      actions={<DialogActions onCancel={onClose} onAct={submit} busy={send.isPending} label={intl.formatMessage(vm.send)} testId="grid-view-email-send" />}
    >
      <div className="its-grid-views__form">
        <p className="its-grid-views__hint">{intl.formatMessage(vm.emailHint)}</p>
        {fields.map(([k, label]) => (
          <label key={k} className="its-field">
            <span className="its-field__label">{intl.formatMessage(label)}</span>
            <input className="its-input" name={k} value={form[k]} onChange={set(k)} data-autofocus={k === 'recipients' ? true : undefined} data-testid={`grid-view-email-${k}`} />
          </label>
        ))}
        <label className="its-field">
          <span className="its-field__label">{intl.formatMessage(vm.body)}</span>
          <textarea className="its-input" name="body" value={form.body} onChange={set('body')} rows={4} data-testid="grid-view-email-body" />
        </label>
        {error && (
          <p className="its-grid-views__error" role="alert" data-testid="grid-view-email-error">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}
