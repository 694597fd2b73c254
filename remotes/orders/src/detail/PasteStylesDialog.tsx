/** Adds styles to an order by paste: one style and colour (and an optional quantity) per line. */
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog, Spinner, toast } from '@its/kit';
import { batchOrder, type Area, type Order } from '../api';
import { codeMessages, showOrderError } from '../errors';
import { msg } from '../messages';
import { parsePastedStyles } from './lines';

export function PasteStylesDialog({ area, order, onClose, onAdded }: { area: Area; order: Order; onClose: () => void; onAdded: (o: Order) => void }) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const parsed = useMemo(() => parsePastedStyles(text), [text]);

  const add = async () => {
    if (!parsed.length || busy) return;
    setBusy(true);
    try {
      const res = await batchOrder(area, order._id, {
        addProducts: parsed.map((p, i) => ({ tempId: `paste-${i}`, style: p.style, color: p.color, values: p.quantity && area !== 'wholesale' ? { quantity: p.quantity } : {} })),
      });
      if (res.added.length !== parsed.length) toast.error(intl.formatMessage(codeMessages.ITS_ERR_COUNT_MISMATCH), { persistent: true, key: 'order-count' });
      else toast.success(intl.formatMessage({ id: 'orders.paste.added', defaultMessage: '{n} Item(s) added to the order' }, { n: res.added.length }), { key: 'order-paste' });
      onAdded(res.order);
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
            {intl.formatMessage(msg.cancel)}
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
      <textarea className="its-input or-paste" rows={8} value={text} onChange={(e) => setText(e.target.value)} placeholder={'10306\tBLK/WHT\t2'} data-testid="paste-styles-text" data-autofocus />
    </Dialog>
  );
}
