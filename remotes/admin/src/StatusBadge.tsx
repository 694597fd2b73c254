import { useIntl } from 'react-intl';
import { label, statusLabels } from './labels';

const TONES: Record<string, string> = {
  active: 'success',
  pendingApproval: 'warning',
  pendingEmail: 'info',
  notApproved: 'danger',
  deactivated: 'muted',
  queued: 'info',
  sent: 'success',
  failed: 'danger',
  pending: 'info',
};

/** A coloured pill for an account status (or a mail status, given its words). */
export function StatusBadge({ status, text }: { status: string; text?: string }) {
  const intl = useIntl();
  return (
    <span className={`adm-pill adm-pill--${TONES[status] ?? 'muted'}`} data-status={status}>
      <span className="adm-pill__dot" aria-hidden />
      {text ?? label(intl, statusLabels, status)}
    </span>
  );
}
