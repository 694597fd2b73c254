import { useIntl } from 'react-intl';
import { Spinner } from '@its/kit';
import { vm } from './messages';

/** A views dialog's buttons: Cancel, and the action (busy while its call runs). */
export function DialogActions({ onCancel, onAct, busy, label, testId }: { onCancel: () => void; onAct: () => void; busy: boolean; label: string; testId: string }) {
  const intl = useIntl();
  return (
    <>
      <button type="button" className="its-btn its-btn--ghost" onClick={onCancel}>
        {intl.formatMessage(vm.cancel)}
      </button>
      <button type="button" className="its-btn its-btn--primary" onClick={onAct} disabled={busy} data-testid={testId}>
        {busy && <Spinner size={14} />}
        {label}
      </button>
    </>
  );
}
