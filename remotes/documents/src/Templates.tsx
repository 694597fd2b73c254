/**
 * The export page's Templates menu: named options of a document (type, subtype, columns,
 * toggles, fields) picked to fill the form on any assortment, the "Save as template…" dialog
 * (private or shared with colleagues) and the management of one's own templates.
 */
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, Dialog, Icon, Spinner, confirm, toast } from '@its/kit';
import { templatesApi, type DocumentTemplate, type TemplateOptions } from './api';
import { tm } from './texts';

const KEY = ['document-templates'];
const MAX_NAME = 100;

/** The failure's words: a taken name in the reader's language, else the server's message. */
function useFailure() {
  const intl = useIntl();
  return (e: unknown) => (e instanceof ApiError && e.status === 409 ? intl.formatMessage(tm.nameTaken) : e instanceof Error ? e.message : intl.formatMessage(tm.failed));
}

/** The name (and on creation who may use it) of a template. */
function NameDialog({ title, testId, initial, withSharing, onClose, onSubmit }: {
  title: string;
  testId: string;
  initial: string;
  withSharing: boolean;
  onClose: () => void;
  onSubmit: (name: string, shared: boolean) => Promise<void>;
}) {
  const intl = useIntl();
  const failure = useFailure();
  const [name, setName] = useState(initial);
  const [shared, setShared] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!name.trim()) return;
    setBusy(true);
    setError('');
    try {
      await onSubmit(name.trim(), shared);
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      onEnter={() => void submit()}
      testId={testId}
      actions={
        <>
          <button type="button" className="its-btn its-btn--ghost" onClick={onClose}>
            {intl.formatMessage({ id: 'documents.cancel', defaultMessage: 'Cancel' })}
          </button>
          <button type="button" className="its-btn its-btn--primary" disabled={busy || !name.trim()} onClick={() => void submit()}>
            {busy && <Spinner size={14} />}
            <FormattedMessage {...tm.save} />
          </button>
        </>
      }
    >
      <div className="doc-form">
        <label className="its-field">
          <span className="its-field__label">
            <FormattedMessage {...tm.name} />
          </span>
          <input className="its-input" name="templateName" value={name} maxLength={MAX_NAME} onChange={(e) => setName(e.target.value)} data-autofocus />
        </label>
        {withSharing && (
          <div role="radiogroup" aria-label={intl.formatMessage(tm.who)} className="doc-radios">
            <label className="doc-check">
              <input type="radio" name="templateShared" checked={!shared} onChange={() => setShared(false)} />
              <FormattedMessage {...tm.onlyMe} />
            </label>
            <label className="doc-check">
              <input type="radio" name="templateShared" checked={shared} onChange={() => setShared(true)} />
              <FormattedMessage {...tm.colleagues} />
            </label>
          </div>
        )}
        {error && (
          <p role="alert" className="doc-danger">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}

/** One's own templates (and, for a manager, colleagues' shared ones): rename, share, delete. */
function ManageDialog({ templates, canManageShared, onClose }: { templates: DocumentTemplate[]; canManageShared: boolean; onClose: () => void }) {
  const intl = useIntl();
  const qc = useQueryClient();
  const failure = useFailure();
  const [renaming, setRenaming] = useState<DocumentTemplate | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: KEY });
  const listed = templates.filter((t) => t.mine || (canManageShared && t.shared));
  const remove = async (t: DocumentTemplate) => {
    const answer = await confirm({
      title: intl.formatMessage(tm.manageTitle),
      message: intl.formatMessage(tm.confirmDelete, { name: t.name }),
      yesText: intl.formatMessage(tm.remove),
      tone: 'danger',
    });
    if (answer !== 'yes') return;
    try {
      await templatesApi.remove(t._id);
      toast.success(intl.formatMessage(tm.deleted));
      refresh();
    } catch (e) {
      toast.error(failure(e));
    }
  };
  const share = async (t: DocumentTemplate, shared: boolean) => {
    try {
      await templatesApi.update(t._id, { shared });
      refresh();
    } catch (e) {
      toast.error(failure(e));
    }
  };
  return (
    <>
      <Dialog open title={intl.formatMessage(tm.manageTitle)} onClose={onClose} testId="template-manage-dialog" width={560}>
        <ul className="doc-saved__list">
          {listed.map((t) => (
            <li key={t._id} className="doc-saved__item" data-testid="template-row">
              <strong>{t.name}</strong> <span className="doc-badge">{intl.formatMessage(t.shared ? tm.sharedBadge : tm.privateBadge)}</span>
              {!t.mine && <span className="doc-muted"> {intl.formatMessage(tm.by, { name: t.ownerName })}</span>}
              <div className="doc-saved__actions">
                {t.mine && (
                  <>
                    <label className="doc-check">
                      <input type="checkbox" checked={t.shared} onChange={(e) => void share(t, e.target.checked)} />
                      <FormattedMessage {...tm.colleagues} />
                    </label>
                    <button type="button" className="its-btn its-btn--ghost" onClick={() => setRenaming(t)}>
                      <FormattedMessage {...tm.rename} />
                    </button>
                  </>
                )}
                <button type="button" className="its-btn its-btn--ghost doc-danger" onClick={() => void remove(t)}>
                  <FormattedMessage {...tm.remove} />
                </button>
              </div>
            </li>
          ))}
        </ul>
      </Dialog>
      {renaming && (
        <NameDialog
          title={intl.formatMessage(tm.rename)}
          testId="template-rename-dialog"
          initial={renaming.name}
          withSharing={false}
          onClose={() => setRenaming(null)}
          onSubmit={async (name) => {
            await templatesApi.update(renaming._id, { name });
            toast.success(intl.formatMessage(tm.saved));
            refresh();
            setRenaming(null);
          }}
        />
      )}
    </>
  );
}

/** The Templates button and its menu. `current` answers the form's options when saving. */
export function TemplatesMenu({ canEdit, canManageShared, current, onApply }: {
  canEdit: boolean;
  canManageShared: boolean;
  current: () => TemplateOptions;
  onApply: (t: DocumentTemplate) => void;
}) {
  const intl = useIntl();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: templatesApi.list });
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);
  const templates = list.data ?? [];
  const own = templates.filter((t) => t.mine);
  const others = templates.filter((t) => !t.mine);
  const choose = (f: () => void) => () => {
    setOpen(false);
    f();
  };
  const onMenuKey = (e: React.KeyboardEvent) => {
    const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? [])];
    if (e.key === 'Escape') {
      setOpen(false);
      button.current?.focus();
      return;
    }
    const at = items.indexOf(document.activeElement as HTMLElement);
    const to = { ArrowDown: at + 1, ArrowUp: at - 1 }[e.key];
    if (to === undefined || items.length === 0) return;
    e.preventDefault();
    items[(to + items.length) % items.length]!.focus();
  };
  const item = (t: DocumentTemplate) => (
    <button key={t._id} type="button" role="menuitem" className="doc-menu__item" onClick={choose(() => onApply(t))}>
      {t.name}
      {!t.mine && <span className="doc-muted"> · {intl.formatMessage(tm.by, { name: t.ownerName })}</span>}
    </button>
  );
  return (
    <div className="doc-menu" ref={ref}>
      <button ref={button} type="button" className="its-btn its-btn--secondary" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="document-templates">
        <Icon name="folder" size={16} /> <FormattedMessage {...tm.menu} />
      </button>
      {open && (
        <div className="doc-menu__pop" role="menu" aria-label={intl.formatMessage(tm.menu)} onKeyDown={onMenuKey}>
          {templates.length === 0 && (
            <p className="doc-muted doc-menu__note">
              <FormattedMessage {...tm.none} />
            </p>
          )}
          {own.length > 0 && (
            <div role="group" aria-label={intl.formatMessage(tm.mine)}>
              <div className="doc-menu__head">
                <FormattedMessage {...tm.mine} />
              </div>
              {own.map(item)}
            </div>
          )}
          {others.length > 0 && (
            <div role="group" aria-label={intl.formatMessage(tm.fromColleagues)}>
              <div className="doc-menu__head">
                <FormattedMessage {...tm.fromColleagues} />
              </div>
              {others.map(item)}
            </div>
          )}
          {canEdit && (
            <>
              <hr role="separator" className="doc-menu__rule" />
              <button type="button" role="menuitem" className="doc-menu__item" onClick={choose(() => setDialog('save'))}>
                {intl.formatMessage(tm.saveAs)}
              </button>
              {(own.length > 0 || (canManageShared && others.length > 0)) && (
                <button type="button" role="menuitem" className="doc-menu__item" onClick={choose(() => setDialog('manage'))}>
                  {intl.formatMessage(tm.manage)}
                </button>
              )}
            </>
          )}
        </div>
      )}
      {dialog === 'save' && (
        <NameDialog
          title={intl.formatMessage(tm.saveTitle)}
          testId="template-save-dialog"
          initial=""
          withSharing
          onClose={() => setDialog(null)}
          onSubmit={async (name, shared) => {
            await templatesApi.create(name, shared, current());
            toast.success(intl.formatMessage(tm.saved));
            void qc.invalidateQueries({ queryKey: KEY });
            setDialog(null);
          }}
        />
      )}
      {dialog === 'manage' && <ManageDialog templates={templates} canManageShared={canManageShared} onClose={() => setDialog(null)} />}
    </div>
  );
}
