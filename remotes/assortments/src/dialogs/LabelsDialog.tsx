/** The labels an assortment offers its rows: names and colours (rows lose a label that goes). */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog, Icon, Spinner } from '@its/kit';
import { ProductIcon } from '@its/remote-products/api';
import type { Label } from '../api';
import { msg } from '../messages';

const PALETTE = ['#2E7D32', '#C62828', '#F9A825', '#616161', '#1565C0', '#6A1B9A', '#00838F', '#EF6C00'];

/** Clean labels: trimmed names, no blanks, the first of a name kept (ignoring case). */
export function cleanLabels(list: Label[]): Label[] {
  const seen = new Set<string>();
  const out: Label[] = [];
  for (const l of list) {
    const name = l.name.trim();
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    out.push({ name, color: /^#[0-9a-fA-F]{6}$/.test(l.color) ? l.color.toUpperCase() : '#616161' });
  }
  return out;
}

export function LabelsDialog({ labels, onClose, onSave }: { labels: Label[]; onClose: () => void; onSave: (labels: Label[]) => Promise<void> }) {
  const intl = useIntl();
  const [list, setList] = useState<Label[]>(() => labels.map((l) => ({ ...l })));
  const [busy, setBusy] = useState(false);
  const set = (i: number, p: Partial<Label>) => setList((l) => l.map((x, j) => (j === i ? { ...x, ...p } : x)));
  const save = async () => {
    setBusy(true);
    try {
      await onSave(cleanLabels(list));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      title={<FormattedMessage id="assortments.labels.title" defaultMessage="Labels" />}
      icon="tag"
      onClose={onClose}
      width={480}
      testId="labels-dialog"
      actions={
        <>
          <button type="button" className="its-btn its-btn--secondary" onClick={onClose}>
            {intl.formatMessage(msg.cancel)}
          </button>
          <button type="button" className="its-btn its-btn--primary" onClick={() => void save()} disabled={busy} data-testid="labels-save">
            {busy && <Spinner size={14} />}
            <FormattedMessage id="assortments.labels.save" defaultMessage="Save labels" />
          </button>
        </>
      }
    >
      <p className="its-dialog__text">
        <FormattedMessage id="assortments.labels.text" defaultMessage="Rows of this assortment can carry one of these labels. A label removed here is taken off its rows." />
      </p>
      <ul className="am-label-edit">
        {list.map((l, i) => (
          <li key={i} className="am-label-edit__row">
            <input type="color" value={l.color} onChange={(e) => set(i, { color: e.target.value })} aria-label={intl.formatMessage({ id: 'assortments.labels.color', defaultMessage: 'Color' })} />
            <input className="its-input" value={l.name} onChange={(e) => set(i, { name: e.target.value })} maxLength={40} aria-label={intl.formatMessage({ id: 'assortments.labels.name', defaultMessage: 'Name' })} />
            <button type="button" className="its-icon-btn" onClick={() => setList((x) => x.filter((_, j) => j !== i))} aria-label={intl.formatMessage({ id: 'assortments.labels.remove', defaultMessage: 'Remove label' })}>
              <Icon name="close" size={16} />
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="its-btn its-btn--ghost" onClick={() => setList((x) => [...x, { name: '', color: PALETTE[x.length % PALETTE.length]! }])} data-testid="labels-add">
        <ProductIcon name="plus" />
        <FormattedMessage id="assortments.labels.add" defaultMessage="Add label" />
      </button>
    </Dialog>
  );
}
