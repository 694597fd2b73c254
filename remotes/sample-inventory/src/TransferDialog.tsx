/**
 * Transfer to Sales: the selected Production samples move to a Sales location (region, aisle,
 * direction, level, optionally shelf and new bin); with one sample, part of its quantity may go.
 */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { ApiError, Dialog } from '@its/kit';
import type { GridRow } from '@its/grid';
import { fetchSchema, transferToSales, type TransferResult } from './api';
import { fieldLabel } from './columns';

interface Location {
  region: string;
  aisle: string;
  direction: string;
  level: string;
  shelf: string;
  newBin: string;
  quantity: string;
}

const REQUIRED: Array<keyof Location> = ['region', 'aisle', 'direction', 'level'];

export function TransferDialog({ rows, onClose, onDone }: { rows: GridRow[]; onClose: () => void; onDone: (r: TransferResult) => void }) {
  const intl = useIntl();
  const sales = useQuery({ queryKey: ['sampleInventory', 'schema', 'Sales'], queryFn: ({ signal }) => fetchSchema('Sales', signal), staleTime: 10 * 60_000 });
  const options = (f: string) => sales.data?.columns.find((c) => c.field === f)?.options ?? [];
  const [loc, setLoc] = useState<Location>({ region: '', aisle: '', direction: '', level: '', shelf: '', newBin: '', quantity: '' });
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const missing = REQUIRED.filter((k) => !loc[k].trim());
  const single = rows.length === 1 ? rows[0]! : null;
  const set = (k: keyof Location) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setLoc({ ...loc, [k]: e.target.value });

  const submit = async () => {
    if (missing.length) {
      setErrors([intl.formatMessage({ id: 'sampleInventory.validate.notblank', defaultMessage: 'Sample Missing Value' })]);
      return;
    }
    setBusy(true);
    setErrors([]);
    try {
      const qty = single && loc.quantity.trim() ? Number(loc.quantity) : undefined;
      const result = await transferToSales(
        rows.map((r) => ({
          id: r.id,
          version: r.version,
          quantity: qty,
          region: loc.region,
          aisle: loc.aisle.trim(),
          direction: loc.direction,
          level: loc.level.trim(),
          shelf: loc.shelf.trim() || undefined,
          newBin: loc.newBin.trim() || undefined,
        })),
      );
      onDone(result);
    } catch (e) {
      if (e instanceof ApiError && Array.isArray(e.details)) {
        setErrors((e.details as Array<{ field?: string; message?: string }>).map((d) => `${d.field ? `${fieldLabel(intl, d.field)}: ` : ''}${d.message ?? ''}`));
      } else if (e instanceof ApiError && e.status === 409) {
        setErrors([
          intl.formatMessage({
            id: 'sampleInventory.transfer.conflict',
            defaultMessage: 'A sample was changed by someone else. Close this dialog, reload the grid and try again.',
          }),
        ]);
      } else setErrors([e instanceof Error ? e.message : String(e)]);
    } finally {
      setBusy(false);
    }
  };

  const field = (k: keyof Location, input: React.ReactNode, required = false) => (
    <label className="its-field si-transfer__field">
      <span className="its-field__label">
        {k === 'quantity' ? <FormattedMessage id="sampleInventory.transfer.quantity" defaultMessage="Quantity to move" /> : fieldLabel(intl, k)}
        {required && <span className="si-required"> *</span>}
      </span>
      {input}
    </label>
  );
  const select = (k: keyof Location) => (
    <select className="its-input" value={loc[k]} onChange={set(k)} data-testid={`transfer-${k}`}>
      <option value="" />
      {options(k).map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </select>
  );
  const text = (k: keyof Location, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <input className="its-input" value={loc[k]} onChange={set(k)} data-testid={`transfer-${k}`} {...extra} />
  );

  return (
    <Dialog
      open
      width={560}
      icon="arrowRight"
      title={intl.formatMessage({ id: 'sampleInventory.transfer.title', defaultMessage: 'Transfer to Sales' })}
      onClose={onClose}
      onEnter={() => void submit()}
      testId="transfer-dialog"
      actions={
        <>
          <button type="button" className="its-btn its-btn--ghost" onClick={onClose}>
            <FormattedMessage id="sampleInventory.cancel" defaultMessage="Cancel" />
          </button>
          <button type="button" className="its-btn its-btn--primary" onClick={() => void submit()} disabled={busy} data-testid="transfer-submit">
            <FormattedMessage id="sampleInventory.transfer.submit" defaultMessage="Transfer {n, plural, one {# sample} other {# samples}}" values={{ n: rows.length }} />
          </button>
        </>
      }
    >
      <p className="its-dialog__text">
        <FormattedMessage
          id="sampleInventory.transfer.lead"
          defaultMessage="{n, plural, one {The selected Production sample moves} other {The # selected Production samples move}} to this Sales location."
          values={{ n: rows.length }}
        />
      </p>
      <div className="si-transfer">
        {field('region', select('region'), true)}
        {field('direction', select('direction'), true)}
        {field('aisle', text('aisle'), true)}
        {field('level', text('level'), true)}
        {field('shelf', text('shelf'))}
        {field('newBin', text('newBin'))}
        {single && field('quantity', text('quantity', { inputMode: 'numeric', placeholder: String(single.totalQty ?? ''), type: 'number', min: 1, max: Number(single.totalQty ?? 1) }))}
      </div>
      {errors.length > 0 && (
        <div className="its-form-error" role="alert" data-testid="transfer-errors">
          <ul className="si-transfer__errors">
            {errors.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        </div>
      )}
    </Dialog>
  );
}
