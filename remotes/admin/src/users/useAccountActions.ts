/**
 * Approving and refusing access requests, from the list or the editor: each asks the server,
 * then says what happened in a toast (approval also mails the new user a set-password link).
 */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { confirm, toast } from '@its/kit';
import { useUpdateUser, type AdminUser } from '../api';
import { describe, fieldErrors, reportedByShell } from '../errors';

export function useFailureToast() {
  const intl = useIntl();
  return (e: unknown) => {
    if (reportedByShell(e)) return;
    const fields = fieldErrors(e);
    const text = fields ? fields.map((f) => describe(intl, f)).join(' ') : e instanceof Error ? e.message : String(e);
    toast.error(text, { title: intl.formatMessage({ id: 'admin.toast.failed', defaultMessage: 'The change was not saved' }) });
  };
}

export function useAccountActions() {
  const intl = useIntl();
  const update = useUpdateUser();
  const failed = useFailureToast();
  const [busy, setBusy] = useState<string | null>(null);

  const approve = async (u: AdminUser) => {
    setBusy(u.id);
    try {
      await update.mutateAsync({ id: u.id, patch: { status: 'active' } });
      toast.success(
        intl.formatMessage(
          { id: 'admin.toast.approved', defaultMessage: '{name} may now use ITS. We e-mailed {email} a link to set a password.' },
          { name: u.fullName || u.email, email: u.email },
        ),
        { title: intl.formatMessage({ id: 'admin.toast.approvedTitle', defaultMessage: 'Access approved' }) },
      );
      return true;
    } catch (e) {
      failed(e);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const refuse = async (u: AdminUser) => {
    const answer = await confirm({
      tone: 'danger',
      title: intl.formatMessage({ id: 'admin.confirm.refuseTitle', defaultMessage: 'Refuse this access request?' }),
      message: intl.formatMessage(
        { id: 'admin.confirm.refuseBody', defaultMessage: '{name} ({email}) will not be able to log in. You can reopen the request later.' },
        { name: u.fullName || u.email, email: u.email },
      ),
      yesText: intl.formatMessage({ id: 'admin.action.refuse', defaultMessage: 'Refuse' }),
      noText: intl.formatMessage({ id: 'admin.action.cancel', defaultMessage: 'Cancel' }),
    });
    if (answer !== 'yes') return false;
    setBusy(u.id);
    try {
      await update.mutateAsync({ id: u.id, patch: { status: 'notApproved' } });
      toast.success(intl.formatMessage({ id: 'admin.toast.refused', defaultMessage: 'The access request of {name} was refused.' }, { name: u.fullName || u.email }));
      return true;
    } catch (e) {
      failed(e);
      return false;
    } finally {
      setBusy(null);
    }
  };

  return { approve, refuse, busy };
}
