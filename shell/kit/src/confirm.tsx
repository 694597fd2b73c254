/**
 * The confirmation dialog (spec product §4.7): when change checking is asked for, it opens
 * only if changes are detected (otherwise the action runs at once). Yes runs the stored
 * action, No runs the optional alternate action, Close just closes. Enter means yes, Escape
 * means close. Empty texts fall back to the defaults.
 */
import { useIntl } from 'react-intl';
import { Dialog } from './Dialog';
import { createStore, useStore } from './store';

export type ConfirmResult = 'yes' | 'no' | 'close' | 'skipped';

export interface ConfirmOptions {
  title?: string;
  message?: string;
  yesText?: string;
  noText?: string;
  onYes?: () => void;
  onNo?: () => void;
  /** Ask `hasChanges` first and only open when it answers true. */
  checkChanges?: boolean;
  hasChanges?: () => boolean;
  tone?: 'default' | 'danger' | 'warning';
}

interface Pending extends ConfirmOptions {
  resolve: (r: ConfirmResult) => void;
}

const store = createStore<Pending | null>(null);

export function confirm(opts: ConfirmOptions = {}): Promise<ConfirmResult> {
  if (opts.checkChanges && !(opts.hasChanges?.() ?? false)) {
    opts.onYes?.();
    return Promise.resolve('skipped');
  }
  const previous = store.get();
  previous?.resolve('close');
  return new Promise((resolve) => store.set({ ...opts, resolve }));
}

function settle(result: ConfirmResult) {
  const pending = store.get();
  if (!pending) return;
  store.set(null);
  if (result === 'yes') pending.onYes?.();
  if (result === 'no') pending.onNo?.();
  pending.resolve(result);
}

export const isConfirmOpen = () => store.get() !== null;

/** The shell mounts one; remotes call `confirm()`. */
export function ConfirmHost() {
  const pending = useStore(store);
  const intl = useIntl();
  if (!pending) return null;
  const title = pending.title || intl.formatMessage({ id: 'kit.confirm.title', defaultMessage: 'Are you sure?' });
  const message =
    pending.message || intl.formatMessage({ id: 'kit.confirm.message', defaultMessage: 'Do you want to continue?' });
  const yes = pending.yesText || intl.formatMessage({ id: 'kit.confirm.yes', defaultMessage: 'Yes' });
  const no = pending.noText || intl.formatMessage({ id: 'kit.confirm.no', defaultMessage: 'No' });
  return (
    <Dialog
      open
      title={title}
      tone={pending.tone ?? 'default'}
      icon={pending.tone === 'danger' ? 'warning' : 'help'}
      onClose={() => settle('close')}
      onEnter={() => settle('yes')}
      testId="confirm-dialog"
      actions={
        <>
          <button type="button" className="its-btn its-btn--ghost" onClick={() => settle('no')}>
            {no}
          </button>
          <button
            type="button"
            className={`its-btn ${pending.tone === 'danger' ? 'its-btn--danger' : 'its-btn--primary'}`}
            onClick={() => settle('yes')}
            data-autofocus
          >
            {yes}
          </button>
        </>
      }
    >
      <p className="its-dialog__text">{message}</p>
    </Dialog>
  );
}
