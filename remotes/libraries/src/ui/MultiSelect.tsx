/**
 * A filter dropdown: a button naming the field and its choice, a searchable list of checkboxes in a
 * group named by the field (checkboxes, not listbox options: an option may not hold a control).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Icon } from '@its/kit';
import { Popover } from './Popover';

export interface Option {
  value: string;
  count?: number;
}

export function MultiSelect({
  label,
  options,
  selected,
  onChange,
  testId,
}: {
  label: string;
  options: Option[];
  selected: string[];
  onChange: (values: string[]) => void;
  testId?: string;
}) {
  const intl = useIntl();
  const anchor = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const listId = useId();
  const labelId = useId();
  // The choice shows at once; the URL (and so `selected`) follows a moment later.
  const [local, setLocal] = useState<string[] | null>(null);
  const selectedKey = selected.join('\u0000');
  useEffect(() => setLocal(null), [selectedKey]);
  const current = local ?? selected;
  const choose = (values: string[]) => {
    setLocal(values);
    onChange(values);
  };
  // Chosen values the options do not list (a shared link) still show and can be removed.
  const all: Option[] = [...options, ...current.filter((s) => !options.some((o) => o.value === s)).map((value) => ({ value }))];
  const shown = text ? all.filter((o) => o.value.toLowerCase().includes(text.toLowerCase())) : all;
  const toggle = (v: string) => choose(current.includes(v) ? current.filter((x) => x !== v) : [...current, v]);
  const summary = current.length === 0 ? null : current.length === 1 ? current[0] : intl.formatMessage({ id: 'libraries.filter.countChosen', defaultMessage: '{count} chosen' }, { count: current.length });

  return (
    <>
      <button
        ref={anchor}
        type="button"
        className={`lib-select${current.length ? ' is-active' : ''}${open ? ' is-open' : ''}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid={testId}
      >
        <span className="lib-select__label" id={labelId}>
          {label}
        </span>
        {summary && <span className="lib-select__value">{summary}</span>}
        <Icon name="chevronDown" size={14} />
      </button>
      <Popover anchor={anchor} open={open} onClose={() => setOpen(false)} label={label}>
        {all.length > 8 && (
          <div className="lib-popover__search">
            <Icon name="search" size={16} />
            <input
              autoFocus
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={intl.formatMessage({ id: 'libraries.filter.findValue', defaultMessage: 'Find a value' })}
              aria-controls={listId}
            />
          </div>
        )}
        <ul className="lib-options" id={listId} role="group" aria-labelledby={labelId}>
          {shown.length === 0 && (
            <li className="lib-options__empty" role="none">
              <FormattedMessage id="libraries.filter.noValues" defaultMessage="No values to choose from." />
            </li>
          )}
          {shown.map((o) => {
            const on = current.includes(o.value);
            return (
              <li key={o.value} role="none">
                <label className="lib-option">
                  <input type="checkbox" checked={on} onChange={() => toggle(o.value)} />
                  <span className="lib-option__text">{o.value}</span>
                  {o.count !== undefined && <span className="lib-option__count">{o.count}</span>}
                </label>
              </li>
            );
          })}
        </ul>
        {current.length > 0 && (
          <div className="lib-popover__footer">
            <button type="button" className="its-btn its-btn--link" onClick={() => choose([])}>
              <FormattedMessage id="libraries.filter.clearField" defaultMessage="Clear selection" />
            </button>
          </div>
        )}
      </Popover>
    </>
  );
}
