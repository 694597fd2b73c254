/**
 * Saved searches (platform spec §7): the search on screen saved by name (its query and the
 * page it belongs to, queryPath), the saved searches of this page to open again or delete, and
 * a search shared by e-mail as a link into the app (recipients, bcc, subject, message, the
 * link's text and path). Used by the library and product search screens.
 */
import { useState } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from './api';
import { Dialog } from './Dialog';
import { Icon } from './Icon';
import { toast } from './toasts';
import { Spinner } from './ui';

export interface SavedSearch {
  _id: string;
  name: string;
  query: Record<string, unknown>;
  queryPath: string;
  modifiedDate: string;
}

export interface ShareSearch {
  recipients: string[];
  bccRecipients: string[];
  subject: string;
  body: string;
  textLink: string;
  path: string;
}

/** The saved-search calls. */
export const searchesApi = {
  list: () => api.get<SavedSearch[]>('/api/searches'),
  save: (name: string, query: Record<string, unknown>, queryPath: string) => api.post<SavedSearch>('/api/searches', { name, query, queryPath }),
  remove: (id: string) => api.delete<{ deleted: boolean }>(`/api/searches/${encodeURIComponent(id)}`),
  share: (s: ShareSearch) => api.post<{ sent: boolean }>('/api/searches/share', s),
};

const m = defineMessages({
  button: { id: 'searches.button', defaultMessage: 'Saved searches' },
  title: { id: 'searches.title', defaultMessage: 'Saved searches' },
  name: { id: 'searches.name', defaultMessage: 'Name of this search' },
  save: { id: 'searches.saveSearch', defaultMessage: 'Save search' },
  none: { id: 'searches.none', defaultMessage: 'No saved searches on this page yet.' },
  share: { id: 'searches.shareByEmail', defaultMessage: 'Share by e-mail' },
  shareThis: { id: 'searches.shareThis', defaultMessage: 'Share this search' },
  remove: { id: 'searches.remove', defaultMessage: 'Delete' },
  recipients: { id: 'searches.recipients', defaultMessage: 'Recipients' },
  bcc: { id: 'searches.bcc', defaultMessage: 'Bcc' },
  subject: { id: 'searches.subject', defaultMessage: 'Subject' },
  message: { id: 'searches.message', defaultMessage: 'Message' },
  textLink: { id: 'searches.textLink', defaultMessage: 'Text of the link' },
  send: { id: 'searches.send', defaultMessage: 'Send' },
  back: { id: 'searches.back', defaultMessage: 'Back' },
  saved: { id: 'searches.toast.saved', defaultMessage: 'Search Saved' },
  deleted: { id: 'searches.toast.deleted', defaultMessage: 'Search Deleted' },
  sent: { id: 'searches.toast.sent', defaultMessage: 'Thank you. Your message has been sent.' },
  failed: { id: 'searches.failed', defaultMessage: 'That did not work. Please try again.' },
  // Platform spec §8: the mail of a shared search did not go out.
  cannotSend: { id: 'searches.toast.cannotSend', defaultMessage: 'Error: Cannot send message' },
});

const addresses = (s: string): string[] =>
  s
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);

interface ShareForm {
  recipients: string;
  bcc: string;
  subject: string;
  body: string;
  textLink: string;
  path: string;
}

/**
 * The toolbar button and its dialog. `query` is the search's conditions as the page holds them;
 * the page's address (path and query string) is its queryPath, so opening a saved search goes
 * back to it. `title` words the shared mail's subject (the page's title by default).
 */
export function SavedSearches({ query, title, testId = 'saved-searches' }: { query: Record<string, unknown>; title?: string; testId?: string }) {
  const intl = useIntl();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [share, setShare] = useState<ShareForm | null>(null);
  const list = useQuery({ queryKey: ['saved-searches'], queryFn: searchesApi.list, enabled: open });
  const mine = (list.data ?? []).filter((s) => s.queryPath.split('?')[0] === location.pathname);
  const fail = (e: unknown) => toast.error(e instanceof ApiError && e.message ? e.message : intl.formatMessage(m.failed));
  const refresh = () => void qc.invalidateQueries({ queryKey: ['saved-searches'] });
  const save = useMutation({
    mutationFn: () => searchesApi.save(name.trim(), query, here),
    onSuccess: () => {
      toast.success(intl.formatMessage(m.saved));
      setName('');
      refresh();
    },
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (id: string) => searchesApi.remove(id),
    onSuccess: () => {
      toast.success(intl.formatMessage(m.deleted));
      refresh();
    },
    onError: fail,
  });
  const send = useMutation({
    mutationFn: (f: ShareForm) =>
      searchesApi.share({ recipients: addresses(f.recipients), bccRecipients: addresses(f.bcc), subject: f.subject, body: f.body, textLink: f.textLink, path: f.path }),
    onSuccess: () => {
      toast.success(intl.formatMessage(m.sent));
      setShare(null);
    },
    // A refused form keeps the server's words (which field, which rule); any other failure did not send.
    onError: (e: unknown) =>
      toast.error(e instanceof ApiError && e.status === 400 && e.message ? e.message : intl.formatMessage(m.cannotSend), { key: 'searches-send' }),
  });
  const startShare = (label: string, path: string) => setShare({ recipients: '', bcc: '', subject: label, body: '', textLink: label, path });
  const set = (k: keyof ShareForm) => (e: { target: { value: string } }) => share && setShare({ ...share, [k]: e.target.value });

  return (
    <>
      <button type="button" className="its-btn its-btn--secondary its-saved-searches__button" onClick={() => setOpen(true)} data-testid={testId}>
        <Icon name="bookmark" size={16} />
        <FormattedMessage {...m.button} />
      </button>
      <Dialog
        open={open}
        title={intl.formatMessage(share ? m.share : m.title)}
        onClose={() => (share ? setShare(null) : setOpen(false))}
        testId={`${testId}-dialog`}
        width={560}
        actions={
          share ? (
            <>
              <button type="button" className="its-btn its-btn--ghost" onClick={() => setShare(null)}>
                <FormattedMessage {...m.back} />
              </button>
              <button
                type="button"
                className="its-btn its-btn--primary"
                disabled={send.isPending || addresses(share.recipients).length === 0 || !share.subject.trim()}
                onClick={() => send.mutate(share)}
              >
                {send.isPending && <Spinner size={14} />}
                <FormattedMessage {...m.send} />
              </button>
            </>
          ) : undefined
        }
      >
        {share ? (
          <div className="its-saved-searches__form">
            {(
              [
                ['recipients', m.recipients],
                ['bcc', m.bcc],
                ['subject', m.subject],
                ['textLink', m.textLink],
              ] as const
            ).map(([k, label]) => (
              <label key={k} className="its-field">
                <span className="its-field__label">
                  <FormattedMessage {...label} />
                </span>
                <input className="its-input" name={k} value={share[k]} onChange={set(k)} placeholder={k === 'recipients' ? 'buyer@example.com, …' : undefined} />
              </label>
            ))}
            <label className="its-field">
              <span className="its-field__label">
                <FormattedMessage {...m.message} />
              </span>
              <textarea className="its-input" name="body" value={share.body} onChange={set('body')} rows={3} />
            </label>
          </div>
        ) : (
          <div className="its-saved-searches">
            <form
              className="its-saved-searches__save"
              onSubmit={(e) => {
                e.preventDefault();
                if (name.trim()) save.mutate();
              }}
            >
              <label className="its-field">
                <span className="its-field__label">
                  <FormattedMessage {...m.name} />
                </span>
                <input className="its-input" name="searchName" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} data-autofocus />
              </label>
              <button type="submit" className="its-btn its-btn--primary" disabled={!name.trim() || save.isPending}>
                <FormattedMessage {...m.save} />
              </button>
              <button type="button" className="its-btn its-btn--secondary" onClick={() => startShare(title ?? document.title, here)} data-testid={`${testId}-share-current`}>
                <Icon name="mail" size={16} />
                <FormattedMessage {...m.shareThis} />
              </button>
            </form>
            {list.isLoading ? (
              <Spinner />
            ) : mine.length === 0 ? (
              <p className="its-saved-searches__none">
                <FormattedMessage {...m.none} />
              </p>
            ) : (
              <ul className="its-saved-searches__list" data-testid={`${testId}-list`}>
                {mine.map((s) => (
                  <li key={s._id}>
                    <button
                      type="button"
                      className="its-btn its-btn--link"
                      onClick={() => {
                        setOpen(false);
                        void navigate(s.queryPath);
                      }}
                    >
                      {s.name}
                    </button>
                    <span className="its-saved-searches__date">{intl.formatDate(s.modifiedDate, { dateStyle: 'medium' })}</span>
                    <button type="button" className="its-btn its-btn--ghost" onClick={() => startShare(s.name, s.queryPath)}>
                      <Icon name="mail" size={16} />
                      <FormattedMessage {...m.share} />
                    </button>
                    <button type="button" className="its-btn its-btn--ghost" onClick={() => remove.mutate(s._id)} aria-label={`${intl.formatMessage(m.remove)} ${s.name}`}>
                      <Icon name="trash" size={16} />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </Dialog>
    </>
  );
}
