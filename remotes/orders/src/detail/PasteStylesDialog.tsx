/**
 * Adds styles to an order by paste: one style and colour (and an optional quantity) per line.
 * Lines the server refuses (an unknown style, say) are listed with their reasons and the others
 * are added, as Odoo adds the good lines of a paste and flags the bad.
 */
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError, Dialog, Spinner, toast } from '@its/kit';
import { batchOrder, type AddProduct, type Area, type Order } from '../api';
import { codeMessages, detailLine, showOrderError, translator } from '../errors';
import { msg } from '../messages';
import { parsePastedStyles, type PastedStyle } from './lines';

/** A pasted line the server refused, by its line number in the paste. */
interface Refused {
  line: number;
  text: string;
}

interface RefusalDetail {
  op?: string;
  tempId?: string;
  message?: string;
  messageCode?: string;
}

/** The refusals of added lines by tempId, when every detail of a 400 names one; else null. */
export function refusedAdds(e: unknown): Map<string, RefusalDetail> | null {
  if (!(e instanceof ApiError) || e.status !== 400 || !Array.isArray(e.details) || !e.details.length) return null;
  const out = new Map<string, RefusalDetail>();
  for (const d of e.details as RefusalDetail[]) {
    if (d.op !== 'add' || !d.tempId) return null;
    if (!out.has(d.tempId)) out.set(d.tempId, d);
  }
  return out;
}

const tempIdOf = (i: number) => `paste-${i}`;

export function PasteStylesDialog({ area, order, onClose, onAdded }: { area: Area; order: Order; onClose: () => void; onAdded: (o: Order, close: boolean) => void }) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<Refused[]>([]);
  const parsed = useMemo(() => parsePastedStyles(text), [text]);

  const send = (lines: Array<{ p: PastedStyle; i: number }>) =>
    batchOrder(area, order._id, {
      addProducts: lines.map(({ p, i }): AddProduct => ({ tempId: tempIdOf(i), style: p.style, color: p.color, values: p.quantity && area !== 'wholesale' ? { quantity: p.quantity } : {} })),
    });

  const add = async () => {
    if (!parsed.length || busy) return;
    setBusy(true);
    setRefused([]);
    const all = parsed.map((p, i) => ({ p, i }));
    try {
      let res;
      let bad: Refused[] = [];
      try {
        res = await send(all);
      } catch (e) {
        const refusals = refusedAdds(e);
        if (!refusals) throw e;
        const t = translator(intl);
        bad = all
          .filter(({ i }) => refusals.has(tempIdOf(i)))
          .map(({ p, i }) => ({ line: i + 1, text: `${p.style}${p.color ? `/${p.color}` : ''}: ${detailLine({ ...refusals.get(tempIdOf(i)) }, t)}` }));
        const good = all.filter(({ i }) => !refusals.has(tempIdOf(i)));
        if (!good.length) {
          setRefused(bad);
          return;
        }
        res = await send(good);
      }
      const expected = parsed.length - bad.length;
      if (res.added.length !== expected) toast.error(intl.formatMessage(codeMessages.ITS_ERR_COUNT_MISMATCH), { persistent: true, key: 'order-count' });
      else toast.success(intl.formatMessage({ id: 'orders.paste.added', defaultMessage: '{n} Item(s) added to the order' }, { n: res.added.length }), { key: 'order-paste' });
      setRefused(bad);
      // What is left to fix: the refused lines, as pasted.
      if (bad.length) setText(bad.flatMap((b) => { const p = parsed[b.line - 1]; return p ? [[p.style, p.color, p.quantity ?? ''].join('\t').trimEnd()] : []; }).join('\n'));
      onAdded(res.order, bad.length === 0);
    } catch (e) {
      showOrderError(intl, e, 'ITS_FE_ERROR_ORDER_FAILED', 'order-paste');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      title={intl.formatMessage({ id: 'orders.paste.title', defaultMessage: 'Paste styles' })}
      onClose={onClose}
      width={520}
      testId="paste-styles-dialog"
      actions={
        <>
          <button type="button" className="its-btn its-btn--secondary" onClick={onClose}>
            {intl.formatMessage(refused.length ? msg.close : msg.cancel)}
          </button>
          <button type="button" className="its-btn its-btn--primary" disabled={!parsed.length || busy} onClick={() => void add()} data-testid="paste-styles-add">
            {busy && <Spinner size={14} />}
            <FormattedMessage id="orders.paste.add" defaultMessage="Add {n, plural, one {# style} other {# styles}}" values={{ n: parsed.length }} />
          </button>
        </>
      }
    >
      <p className="or-dialog-note">
        <FormattedMessage id="orders.paste.help" defaultMessage="Paste rows copied from a spreadsheet: style, color and, if you like, a quantity on each line." />
      </p>
      {refused.length > 0 && (
        <div className="or-paste-refused" role="alert" data-testid="paste-refused">
          <FormattedMessage id="orders.paste.refused" defaultMessage="{n, plural, one {# line was not added:} other {# lines were not added:}}" values={{ n: refused.length }} />
          <ul>
            {refused.map((r) => (
              <li key={r.line} data-testid="paste-refused-line">
                <FormattedMessage id="orders.paste.refusedLine" defaultMessage="Line {line}: {reason}" values={{ line: r.line, reason: r.text }} />
              </li>
            ))}
          </ul>
        </div>
      )}
      <textarea className="its-input or-paste" rows={8} value={text} onChange={(e) => setText(e.target.value)} placeholder={'10306\tBLK/WHT\t2'} data-testid="paste-styles-text" data-autofocus />
    </Dialog>
  );
}
