/**
 * Saves the grid as a view (a new one, or one of one's own renamed or shared anew): its name,
 * private or shared with named users (picked from the colleague search or typed as e-mails).
 * The server refuses a user who may not open the grid; its message shows here and nothing is kept.
 */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useMutation } from '@tanstack/react-query';
import { Autocomplete, Dialog, Icon, toast } from '@its/kit';
import type { GridLayout } from '../layout/layout';
import { failure, viewsApi, type UserSuggestion } from './api';
import { DialogActions } from './DialogActions';
import { vm } from './messages';
import { MAX_VIEW_NAME, emailList, nameProblem, type SavedView, type ViewQuery } from './viewState';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface SaveViewDialogProps {
  grid: string;
  /** One's view to rename or share anew (null: a new view of the grid as it is). */
  view: SavedView | null;
  snapshot: () => { query: ViewQuery; layout: GridLayout };
  onClose: () => void;
  onSaved: (v: SavedView) => void;
}

export function SaveViewDialog({ grid, view, snapshot, onClose, onSaved }: SaveViewDialogProps) {
  const intl = useIntl();
  const [name, setName] = useState(view?.name ?? '');
  const [shared, setShared] = useState(!!view?.sharedWith.length);
  const [users, setUsers] = useState<string[]>(view?.sharedWith ?? []);
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const problem = nameProblem(name);
  const nameError = !touched || !problem ? null : problem === 'empty' ? intl.formatMessage(vm.nameEmpty) : intl.formatMessage(vm.nameTooLong, { max: MAX_VIEW_NAME });
  const typed = emailList(text);
  const badTyped = typed.find((e) => !EMAIL.test(e));

  const addTyped = () => {
    if (badTyped) return;
    setUsers((u) => [...u, ...typed.filter((e) => !u.includes(e))]);
    setText('');
  };

  const save = useMutation({
    mutationFn: async () => {
      const sharedWith = shared ? [...users, ...typed.filter((e) => !users.includes(e))] : [];
      // A view renamed or shared anew keeps what it showed; a new one takes the grid as it is.
      const body = view ? { query: view.query, layout: view.layout } : snapshot();
      // One's own view is renamed in place (by its id), in one call.
      return viewsApi.save(grid, { ...(view ? { id: view._id } : {}), name: name.trim(), ...body, sharedWith });
    },
    onSuccess: (v) => {
      toast.success(intl.formatMessage(vm.saved, { name: v.name }));
      onSaved(v);
    },
    onError: (e) => setError(failure(e, intl.formatMessage(vm.failed))),
  });

  const submit = () => {
    setTouched(true);
    setError(null);
    if (problem) return;
    if (badTyped) {
      setError(intl.formatMessage(vm.badEmail, { text: badTyped }));
      return;
    }
    if (shared && users.length + typed.length === 0) {
      setError(intl.formatMessage(vm.noUsers));
      return;
    }
    save.mutate();
  };

  return (
    <Dialog
      open
      title={intl.formatMessage(view ? vm.editTitle : vm.saveTitle)}
      onClose={onClose}
      onEnter={submit}
      width={520}
      testId="grid-view-dialog"
      actions={<DialogActions onCancel={onClose} onAct={submit} busy={save.isPending} label={intl.formatMessage(vm.save)} testId="grid-view-dialog-save" />}
    >
      <div className="its-grid-views__form">
        <label className="its-field">
          <span className="its-field__label">{intl.formatMessage(vm.name)}</span>
          <input
            className="its-input"
            name="viewName"
            value={name}
            onChange={(e) => setName(e.target.value)}
            onBlur={() => setTouched(true)}
            aria-invalid={!!nameError}
            aria-describedby={nameError ? 'its-grid-view-name-error' : undefined}
            data-autofocus
            data-testid="grid-view-name"
          />
          {nameError && (
            <span id="its-grid-view-name-error" className="its-grid-views__error" role="alert" data-testid="grid-view-name-error">
              {nameError}
            </span>
          )}
        </label>
        {!view && <p className="its-grid-views__hint">{intl.formatMessage(vm.whatIsKept)}</p>}
        <fieldset className="its-grid-views__visibility">
          <legend>{intl.formatMessage(vm.visibility)}</legend>
          <label>
            <input type="radio" name="viewVisibility" checked={!shared} onChange={() => setShared(false)} data-testid="grid-view-private" />
            {intl.formatMessage(vm.private)}
          </label>
          <label>
            <input type="radio" name="viewVisibility" checked={shared} onChange={() => setShared(true)} data-testid="grid-view-shared" />
            {intl.formatMessage(vm.sharedWith)}
          </label>
        </fieldset>
        {shared && (
          <div className="its-grid-views__users">
            {users.length > 0 && (
              <ul className="its-grid-views__chips" data-testid="grid-view-users">
                {users.map((u) => (
                  <li key={u} className="its-grid-views__chip" data-email={u}>
                    {u}
                    <button type="button" aria-label={intl.formatMessage(vm.removeUser, { email: u })} onClick={() => setUsers(users.filter((x) => x !== u))}>
                      <Icon name="close" size={12} />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <div className="its-grid-views__add">
              <Autocomplete<UserSuggestion>
                value={text}
                onText={setText}
                fetch={viewsApi.users}
                keyOf={(u) => u.email}
                render={(u) => (
                  <span>
                    {u.fullName} <span className="its-grid-views__meta">{u.email}</span>
                  </span>
                )}
                onPick={(u) => {
                  const e = u.email.toLowerCase();
                  setUsers((list) => (list.includes(e) ? list : [...list, e]));
                  setText('');
                }}
                label={intl.formatMessage(vm.users)}
                placeholder="buyer@example.com"
                minChars={2}
                testId="grid-view-user"
              />
              <button type="button" className="its-btn its-btn--secondary" onClick={addTyped} disabled={typed.length === 0} data-testid="grid-view-user-add">
                {intl.formatMessage(vm.addUser)}
              </button>
            </div>
          </div>
        )}
        {error && (
          <p className="its-grid-views__error" role="alert" data-testid="grid-view-error">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}
