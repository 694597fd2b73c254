/** New Folder (the list's context menu and toolbar): a name, in the selected folder or at the top. */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog, Spinner, toast } from '@its/kit';
import { ProductIcon } from '@its/remote-products/api';
import { createAssortment, type Assortment } from '../api';
import { errorText, fieldLabel, msg } from '../messages';

export function FolderDialog({ parent, onClose, onCreated }: { parent: { _id: string; title: string } | null; onClose: () => void; onCreated: (f: Assortment) => void }) {
  const intl = useIntl();
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async () => {
    if (!title.trim()) {
      setError(intl.formatMessage({ id: 'assortments.folder.error', defaultMessage: 'Give the folder a name.' }));
      return;
    }
    setBusy(true);
    try {
      const f = await createAssortment({ type: 'folder', title: title.trim(), ...(parent ? { parentId: parent._id } : {}) });
      toast.success(intl.formatMessage(msg.folderCreated), { key: 'folder-created' });
      onCreated(f);
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      title={<FormattedMessage id="assortments.folder.title" defaultMessage="New Folder" />}
      icon="folder"
      onClose={onClose}
      onEnter={() => void submit()}
      testId="folder-dialog"
      actions={
        <>
          <button type="button" className="its-btn its-btn--secondary" onClick={onClose}>
            {intl.formatMessage(msg.cancel)}
          </button>
          <button type="button" className="its-btn its-btn--primary" onClick={() => void submit()} disabled={busy} data-testid="folder-create">
            {busy && <Spinner size={14} />}
            <FormattedMessage id="assortments.folder.create" defaultMessage="Create folder" />
          </button>
        </>
      }
    >
      {parent && (
        <p className="am-dialog-note">
          <ProductIcon name="folder" size={16} />
          <FormattedMessage id="assortments.folder.inFolder" defaultMessage="Inside {folder}" values={{ folder: <strong>{parent.title}</strong> }} />
        </p>
      )}
      <label className="its-field">
        <span className="its-field__label">{fieldLabel(intl, 'title')}</span>
        <input className="its-input" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={120} data-autofocus data-testid="folder-title" />
        {error && <span className="its-field__error">{error}</span>}
      </label>
    </Dialog>
  );
}
