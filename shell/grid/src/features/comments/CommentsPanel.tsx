/**
 * A grid row's comment thread in the side panel: each comment with its author, time and
 * text (mentions highlighted), one's own editable and deletable, the thread resolved or opened
 * again, and a new comment whose @ suggests the colleagues who may see the row.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ModuleMessages } from '@its/kit';
import { loadGridMessages } from '../../messages';
import { addComment, bodyParts, commentsKey, deleteComment, editComment, getThread, mentionQuery, mentionSuggestions, mentionToken, mentionsKey, resolveThread, threadKey, type Person, type RowComment, type Thread } from './api';
import { cm } from './messages';
import './comments.css';

export interface CommentsPanelProps {
  /** The comments' base route of the grid's object (under /api). */
  base: string;
  rowId: string;
}

/** The panel's content with the grid kit's catalog (the shell renders the side panel). */
export function CommentsPanel(props: CommentsPanelProps) {
  return (
    <ModuleMessages load={loadGridMessages}>
      <Comments {...props} />
    </ModuleMessages>
  );
}

function Comments({ base, rowId }: CommentsPanelProps) {
  const intl = useIntl();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: threadKey(base, rowId), queryFn: ({ signal }) => getThread(base, rowId, signal) });
  const done = (t: Thread) => {
    qc.setQueryData(threadKey(base, rowId), t);
    void qc.invalidateQueries({ queryKey: commentsKey(base), predicate: (x) => x.queryKey[2] !== 'row' || x.queryKey[3] !== rowId });
  };
  const resolve = useMutation({ mutationFn: (resolved: boolean) => resolveThread(base, rowId, resolved), onSuccess: done });
  const t = q.data;
  return (
    <section className="its-comments" data-testid="comments-panel" aria-label={intl.formatMessage(cm.panel)}>
      {t && t.comments.length > 0 && (
        <div className="its-comments__state">
          <span data-testid="comments-state">
            {t.resolved ? intl.formatMessage(cm.resolvedBy, { name: t.resolvedBy?.fullName ?? '', date: t.resolvedAt ? intl.formatDate(t.resolvedAt, { dateStyle: 'medium', timeStyle: 'short' }) : '' }) : intl.formatMessage(cm.open)}
          </span>
          <button type="button" className="its-btn its-btn--ghost" disabled={resolve.isPending} onClick={() => resolve.mutate(!t.resolved)} data-testid="comments-resolve">
            {intl.formatMessage(t.resolved ? cm.reopen : cm.resolve)}
          </button>
        </div>
      )}
      {q.isPending && <p className="its-comments__empty">{intl.formatMessage(cm.loading)}</p>}
      {t && t.comments.length === 0 && <p className="its-comments__empty">{intl.formatMessage(cm.empty)}</p>}
      {t && t.comments.length > 0 && (
        <ol className="its-comments__list" data-testid="comments-list">
          {t.comments.map((c) => (
            <CommentItem key={c.id} base={base} comment={c} onDone={done} />
          ))}
        </ol>
      )}
      <Composer base={base} onSubmit={(body) => addComment(base, rowId, body).then(done)} label={intl.formatMessage(cm.add)} submit={intl.formatMessage(cm.send)} testId="comments-new" />
    </section>
  );
}

function CommentItem({ base, comment: c, onDone }: { base: string; comment: RowComment; onDone: (t: Thread) => void }) {
  const intl = useIntl();
  const [editing, setEditing] = useState(false);
  const remove = useMutation({ mutationFn: () => deleteComment(base, c.id), onSuccess: onDone });
  return (
    <li className="its-comment" data-testid="comment">
      <div className="its-comment__head">
        <strong>{c.author.fullName}</strong>
        <time dateTime={c.createdAt}>{intl.formatDate(c.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</time>
        {c.editedAt && <span className="its-comment__edited">{intl.formatMessage(cm.edited)}</span>}
      </div>
      {editing ? (
        <Composer
          base={base}
          initial={c.body}
          label={intl.formatMessage(cm.editLabel)}
          submit={intl.formatMessage(cm.save)}
          onCancel={() => setEditing(false)}
          onSubmit={(body) =>
            editComment(base, c.id, body).then((t) => {
              setEditing(false);
              onDone(t);
            })
          }
          testId="comment-edit"
        />
      ) : (
        <p className="its-comment__body">
          {bodyParts(c.body).map((p, i) =>
            'mention' in p ? (
              <mark key={i} className="its-mention" data-user={p.userId}>
                @{p.mention}
              </mark>
            ) : (
              <span key={i}>{p.text}</span>
            ),
          )}
        </p>
      )}
      {c.mine && !editing && (
        <div className="its-comment__actions">
          <button type="button" className="its-btn its-btn--ghost" onClick={() => setEditing(true)} aria-label={intl.formatMessage(cm.editOf)}>
            {intl.formatMessage(cm.edit)}
          </button>
          <button type="button" className="its-btn its-btn--ghost its-comment__delete" disabled={remove.isPending} onClick={() => remove.mutate()} aria-label={intl.formatMessage(cm.deleteOf)}>
            {intl.formatMessage(cm.delete)}
          </button>
        </div>
      )}
    </li>
  );
}

interface ComposerProps {
  base: string;
  initial?: string;
  label: string;
  submit: string;
  onSubmit: (body: string) => Promise<unknown>;
  onCancel?: () => void;
  testId: string;
}

/** A comment's text with the @ suggestions under it (arrows to choose, Enter or Tab to take one). */
function Composer({ base, initial = '', label, submit, onSubmit, onCancel, testId }: ComposerProps) {
  const intl = useIntl();
  const id = useId();
  const [text, setText] = useState(initial);
  const [caret, setCaret] = useState(initial.length);
  const [active, setActive] = useState(0);
  const [busy, setBusy] = useState(false);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const typing = mentionQuery(text, caret);
  const open = typing !== null && dismissed !== typing.start;
  const people = useQuery({
    queryKey: mentionsKey(base, typing?.q ?? ''),
    queryFn: ({ signal }) => mentionSuggestions(base, typing?.q ?? '', signal),
    enabled: open,
    staleTime: 30_000,
  });
  const list = open ? (people.data ?? []) : [];
  const take = (p: Person) => {
    if (!typing) return;
    const token = mentionToken(p) + ' ';
    const next = text.slice(0, typing.start) + token + text.slice(caret);
    const at = typing.start + token.length;
    setText(next);
    setCaret(at);
    setActive(0);
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(at, at);
    });
  };
  const send = async () => {
    if (!text.trim() || busy) return;
    setBusy(true);
    try {
      await onSubmit(text.trim());
      if (!initial) setText('');
    } finally {
      setBusy(false);
    }
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (list.length) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : list.length - 1)) % list.length);
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        const p = list[Math.min(active, list.length - 1)];
        if (p) take(p);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        setDismissed(typing?.start ?? null);
        return;
      }
    }
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void send();
    }
  };
  return (
    <form
      className="its-comments__composer"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <label className="its-field" htmlFor={`${id}-text`}>
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        ref={area}
        className="its-input its-comments__text"
        value={text}
        maxLength={4000}
        rows={3}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={list.length > 0}
        aria-controls={`${id}-people`}
        aria-activedescendant={list.length ? `${id}-p${Math.min(active, list.length - 1)}` : undefined}
        aria-describedby={`${id}-hint`}
        placeholder={intl.formatMessage(cm.placeholder)}
        onChange={(e) => {
          setText(e.target.value);
          setCaret(e.target.selectionStart);
          setActive(0);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={onKey}
        data-testid={`${testId}-text`}
      />
      <p id={`${id}-hint`} className="its-comments__hint">
        {intl.formatMessage(cm.hint)}
      </p>
      <ul id={`${id}-people`} role="listbox" aria-label={intl.formatMessage(cm.people)} className="its-comments__people" hidden={list.length === 0} data-testid="comments-mentions">
        {list.map((p, i) => (
          <li
            key={p.id}
            id={`${id}-p${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'its-comments__person its-comments__person--active' : 'its-comments__person'}
            onMouseDown={(e) => {
              e.preventDefault();
              take(p);
            }}
          >
            {p.fullName}
            {p.email && <span className="its-comments__email">{p.email}</span>}
          </li>
        ))}
      </ul>
      <div className="its-comments__buttons">
        {onCancel && (
          <button type="button" className="its-btn its-btn--ghost" onClick={onCancel}>
            {intl.formatMessage(cm.cancel)}
          </button>
        )}
        <button type="submit" className="its-btn its-btn--primary" disabled={busy || !text.trim()} data-testid={`${testId}-send`}>
          {submit}
        </button>
      </div>
    </form>
  );
}
