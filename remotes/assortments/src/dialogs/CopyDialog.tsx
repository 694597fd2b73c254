/**
 * Copy assortment (spec §2.6): tabs 'Duplicate for yourself' (beside the original, "(Copy)"
 * in the title, or a title of one's own for a single entry) and 'Copy for another user' (to the
 * top of their list; found by name, e-mail or user code).
 */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Autocomplete, Dialog, Spinner, toast } from '@its/kit';
import { ProductIcon } from '@its/remote-products/api';
import { FILTER_OPTIONS_MS, autocompleteUsers, cloneAssortments, type UserSuggestion } from '../api';
import { errorText, msg } from '../messages';

export type CopyTab = 'duplicate' | 'copy';

interface Entry {
  _id: string;
  title: string;
  type: string;
}

export function CopyDialog({ entries, onClose, onDone, initialTab = 'duplicate' }: { entries: Entry[]; onClose: () => void; onDone: (mine: boolean, ids: string[]) => void; initialTab?: CopyTab }) {
  const intl = useIntl();
  const [tab, setTab] = useState<CopyTab>(initialTab);
  const single = entries.length === 1 ? entries[0] : undefined;
  const [title, setTitle] = useState(single ? `${single.title} (Copy)` : '');
  const [userText, setUserText] = useState('');
  const [user, setUser] = useState<UserSuggestion | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const submit = async () => {
    if (tab === 'copy' && !user) {
      setError(intl.formatMessage({ id: 'assortments.copy.pickUser', defaultMessage: 'Choose the user to copy to.' }));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const ids = entries.map((e) => e._id);
      const res = tab === 'copy' && user ? await cloneAssortments(ids, { userId: user.id }) : await cloneAssortments(ids, { title: single ? title.trim() : undefined });
      if (res.copiedTo) {
        toast.success(intl.formatMessage(msg.copiedTo, { n: res.ids.length, name: res.copiedTo.fullName }), { title: intl.formatMessage(msg.duplicated), key: 'assortment-duplicated' });
      } else toast.success(intl.formatMessage(msg.duplicated), { key: 'assortment-duplicated' });
      onDone(!res.copiedTo, res.ids);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      title={<FormattedMessage id="assortments.copy.title" defaultMessage="Copy assortment" />}
      icon="copy"
      onClose={onClose}
      onEnter={() => void submit()}
      width={520}
      testId="copy-dialog"
      actions={
        <>
          <button type="button" className="its-btn its-btn--secondary" onClick={onClose}>
            {intl.formatMessage(msg.cancel)}
          </button>
          <button type="button" className="its-btn its-btn--primary" onClick={() => void submit()} disabled={busy || (tab === 'copy' && !user)} data-testid="copy-submit">
            {busy && <Spinner size={14} />}
            {tab === 'duplicate' ? (
              <FormattedMessage id="assortments.copy.duplicateButton" defaultMessage="Duplicate" />
            ) : (
              <FormattedMessage id="assortments.copy.copyButton" defaultMessage="Copy to user" />
            )}
          </button>
        </>
      }
    >
      <div className="am-tabs" role="tablist">
        <button type="button" role="tab" aria-selected={tab === 'duplicate'} className={`am-tab${tab === 'duplicate' ? ' is-active' : ''}`} onClick={() => setTab('duplicate')} data-testid="copy-tab-duplicate">
          <FormattedMessage id="assortments.copy.tabDuplicate" defaultMessage="Duplicate for yourself" />
        </button>
        <button type="button" role="tab" aria-selected={tab === 'copy'} className={`am-tab${tab === 'copy' ? ' is-active' : ''}`} onClick={() => setTab('copy')} data-testid="copy-tab-user">
          <FormattedMessage id="assortments.copy.tabUser" defaultMessage="Copy for another user" />
        </button>
      </div>
      <p className="am-dialog-note">
        <ProductIcon name={entries.some((e) => e.type === 'folder') ? 'folder' : 'list'} size={16} />
        {single ? (
          <strong>{single.title}</strong>
        ) : (
          <FormattedMessage id="assortments.copy.many" defaultMessage="{n, number} entries" values={{ n: entries.length }} />
        )}
      </p>
      {tab === 'duplicate' ? (
        single ? (
          <label className="its-field">
            <span className="its-field__label">
              <FormattedMessage id="assortments.copy.newTitle" defaultMessage="Title of the copy" />
            </span>
            <input className="its-input" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={120} data-testid="copy-title" data-autofocus />
          </label>
        ) : (
          <p className="its-dialog__text">
            <FormattedMessage id="assortments.copy.manyText" defaultMessage="Each copy is placed beside its original, with (Copy) after its title." />
          </p>
        )
      ) : (
        <div className="its-field">
          <span className="its-field__label">
            <FormattedMessage id="assortments.copy.user" defaultMessage="User" />
          </span>
          <Autocomplete
            delayMs={FILTER_OPTIONS_MS}
            value={userText}
            onText={(t) => {
              setUserText(t);
              setUser(null);
            }}
            fetch={(t, signal) => autocompleteUsers(t, signal)}
            onPick={(u) => {
              setUser(u);
              setUserText(`${u.fullName} (${u.email})`);
              setError('');
            }}
            keyOf={(u) => u.id}
            render={(u) => (
              <span className="its-ac__text">
                <strong>{u.fullName}</strong>
                <small>
                  {u.email} · {u.userCode}
                </small>
              </span>
            )}
            label={intl.formatMessage({ id: 'assortments.copy.user', defaultMessage: 'User' })}
            placeholder={intl.formatMessage({ id: 'assortments.copy.userPlaceholder', defaultMessage: 'Name, e-mail or user code' })}
            testId="copy-user"
            autoFocus
          />
          <span className="am-hint">
            <FormattedMessage id="assortments.copy.userHint" defaultMessage="The copy goes to the top of their assortment list." />
          </span>
        </div>
      )}
      {error && (
        <div className="its-form-error" role="alert">
          {error}
        </div>
      )}
    </Dialog>
  );
}
