/**
 * Merge from… (PATCH /api/{org}/{id}/merge): pick the other assortments whose styles the target
 * takes in (regular: one's own entries; internal: those of the channel one may edit), see how
 * many styles each adds and how many the target already holds (skipped), confirm, and the
 * answer says how many came.
 */
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { Dialog, Spinner, toast } from '@its/kit';
import { listAssortments, type Assortment, type OrgBase } from '../api';
import { discover } from '../internal/api';
import { errorText, msg } from '../messages';
import { mergeAssortments, mergePreview, styleKeys, type MergePreview } from './merge';

interface Candidate {
  _id: string;
  title: string;
  method: string;
  productCount: number;
}

/** The assortments that may be merged into target: the same org type, items, not the target. */
async function candidates(org: OrgBase, target: Assortment, signal: AbortSignal): Promise<Candidate[]> {
  if (org === 'internalAssortments') {
    const toc = await discover({ channel: target.channel, editable: true }, signal);
    return toc.assortments
      .filter((e) => e._id !== target._id)
      .map((e) => ({ _id: e._id, title: [e.title, e.region, e.gender].filter(Boolean).join(' · '), method: 'static', productCount: e.productCount }));
  }
  const list = await listAssortments('all', {}, signal);
  return list.items.filter((e) => e.type === 'item' && e._id !== target._id).map((e) => ({ _id: e._id, title: e.title, method: e.method, productCount: e.productCount }));
}

export function MergeDialog({
  org,
  target,
  onClose,
  onMerged,
  loadKeys,
}: {
  org: OrgBase;
  target: Assortment;
  onClose: () => void;
  onMerged: (added: number) => void;
  /** The style/colour keys of an assortment (the tests give their own). */
  loadKeys?: (id: string, dynamic: boolean, signal: AbortSignal) => Promise<string[]>;
}) {
  const intl = useIntl();
  const keysOf = loadKeys ?? ((id: string, dynamic: boolean, signal: AbortSignal) => styleKeys(id, dynamic, org, signal));
  const list = useQuery({ queryKey: [org, 'merge-candidates', target._id], queryFn: ({ signal }) => candidates(org, target, signal) });
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [preview, setPreview] = useState<MergePreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const shown = useMemo(() => {
    const t = text.trim().toLowerCase();
    return (list.data ?? []).filter((c) => !t || c.title.toLowerCase().includes(t));
  }, [list.data, text]);

  useEffect(() => {
    setPreview(null);
    if (!chosen.length || !list.data) return;
    const ctl = new AbortController();
    const byId = new Map(list.data.map((c) => [c._id, c]));
    void Promise.all([keysOf(target._id, target.method === 'dynamic', ctl.signal), ...chosen.map((id) => keysOf(id, byId.get(id)?.method === 'dynamic', ctl.signal))])
      .then(([t, ...s]) => {
        if (!ctl.signal.aborted) setPreview(mergePreview(t, chosen.map((id, i) => ({ id, title: byId.get(id)?.title ?? id, keys: s[i] ?? [] }))));
      })
      .catch((e: unknown) => {
        if (!ctl.signal.aborted) setError(errorText(e));
      });
    return () => ctl.abort();
  }, [chosen, list.data, target._id, target.method]); // eslint-disable-line react-hooks/exhaustive-deps

  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));

  const submit = async () => {
    if (!chosen.length || busy) return;
    setBusy(true);
    setError('');
    try {
      const res = await mergeAssortments(org, target._id, chosen);
      toast.success(intl.formatMessage({ id: 'assortments.merge.done', defaultMessage: '{n, plural, one {# style} other {# styles}} added to {title}' }, { n: res.added, title: target.title }), { key: 'assortment-merged' });
      onMerged(res.added);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      title={<FormattedMessage id="assortments.merge.title" defaultMessage="Merge into {title}" values={{ title: target.title }} />}
      icon="copy"
      onClose={onClose}
      width={560}
      testId="merge-dialog"
      actions={
        <>
          <button type="button" className="its-btn its-btn--secondary" onClick={onClose}>
            {intl.formatMessage(msg.cancel)}
          </button>
          <button type="button" className="its-btn its-btn--primary" onClick={() => void submit()} disabled={busy || !chosen.length || !preview} data-testid="merge-submit">
            {busy && <Spinner size={14} />}
            <FormattedMessage id="assortments.merge.submit" defaultMessage="Merge" />
          </button>
        </>
      }
    >
      <p className="its-dialog__text">
        <FormattedMessage
          id="assortments.merge.intro"
          defaultMessage="Choose the assortments whose styles {title} takes in. Its own styles stay; a style it already holds is skipped. The chosen assortments do not change."
          values={{ title: <strong>{target.title}</strong> }}
        />
      </p>
      <label className="its-field">
        <span className="its-field__label">
          <FormattedMessage id="assortments.merge.find" defaultMessage="Find an assortment" />
        </span>
        <input className="its-input" value={text} onChange={(e) => setText(e.target.value)} data-testid="merge-find" data-autofocus />
      </label>
      {list.isPending ? (
        <Spinner size={20} />
      ) : list.isError ? (
        <div className="its-form-error" role="alert">
          {errorText(list.error)}
        </div>
      ) : shown.length === 0 ? (
        <p className="am-hint" data-testid="merge-none">
          <FormattedMessage id="assortments.merge.none" defaultMessage="No other assortment you may merge from." />
        </p>
      ) : (
        <div role="group" aria-label={intl.formatMessage({ id: 'assortments.merge.sources', defaultMessage: 'Assortments to merge from' })}>
        <ul className="am-merge-list">
          {shown.map((c) => (
            <li key={c._id} data-testid="merge-source" data-id={c._id}>
              <label>
                <input type="checkbox" checked={chosen.includes(c._id)} onChange={() => toggle(c._id)} />
                <span>{c.title}</span>
              </label>
              <small>
                {c.method === 'dynamic' ? (
                  intl.formatMessage(msg.dynamic)
                ) : (
                  <FormattedMessage id="assortments.header.count" defaultMessage="{n, plural, one {# product} other {# products}}" values={{ n: c.productCount }} />
                )}
              </small>
            </li>
          ))}
        </ul>
        </div>
      )}
      {chosen.length > 0 && (
        <div className="am-merge-preview" data-testid="merge-preview" aria-live="polite">
          {preview ? (
            <>
              <strong>
                <FormattedMessage id="assortments.merge.willAdd" defaultMessage="{n, plural, one {# style will be added} other {# styles will be added}} to {title}" values={{ n: preview.added, title: target.title }} />
              </strong>
              {preview.skipped > 0 && (
                <span>
                  {' · '}
                  <FormattedMessage id="assortments.merge.skipped" defaultMessage="{n, number} already there, skipped" values={{ n: preview.skipped }} />
                </span>
              )}
              <ul>
                {preview.sources.map((s) => (
                  <li key={s.id}>
                    <FormattedMessage id="assortments.merge.fromSource" defaultMessage="{title}: {added, number} of {total, number}" values={{ title: s.title, added: s.added, total: s.total }} />
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <Spinner size={16} />
          )}
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
