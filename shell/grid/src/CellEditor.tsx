/**
 * The grid's cell editor: a text box that starts from the key typed (or the cell's text with
 * F2/Enter), filters keys in numeric cells, and offers choices below the cell: the options of a
 * list cell, or server suggestions (autocomplete, at most 10) for the fields that have them.
 */
import { useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { CustomCellEditorProps } from 'ag-grid-react';
import { displayText, isNumericColumn, isNumericKeyAllowed } from './rules';
import type { GridColumn } from './types';

export const AUTOCOMPLETE_LIMIT = 10;
export const AUTOCOMPLETE_DELAY_MS = 300;

/** A server suggestion: the value it puts in the cell, and what helps the user pick it. */
export interface Suggestion {
  value: string;
  /** A name shown beside the value (a style's name, a colour's description). */
  label?: string;
  /** A small picture of it (a product thumbnail's URL). */
  image?: string;
}

/** What an autocomplete answers: values, or suggestions with names and pictures. */
export type AutocompleteFetch = (text: string, signal: AbortSignal) => Promise<Array<string | Suggestion>>;

export interface CellEditorParams {
  column: GridColumn;
  autocomplete?: AutocompleteFetch;
}

const asSuggestion = (c: string | Suggestion): Suggestion => (typeof c === 'string' ? { value: c } : c);

/** The text the editor starts with: the key that started editing, nothing for Delete/Backspace, else the cell. */
export function initialText(column: GridColumn, value: unknown, eventKey: string | null): string {
  if (eventKey === 'Backspace' || eventKey === 'Delete') return '';
  if (eventKey && eventKey.length === 1) return eventKey;
  return displayText(column, value);
}

/** Options of a list cell that match the text typed (starting with it first), at most 10. */
export function matchOptions(options: string[], text: string): string[] {
  const t = text.trim().toLowerCase();
  if (!t) return options.slice(0, 50);
  const starts = options.filter((o) => o.toLowerCase().startsWith(t));
  const contains = options.filter((o) => !o.toLowerCase().startsWith(t) && o.toLowerCase().includes(t));
  return [...starts, ...contains];
}

export function CellEditor(props: CustomCellEditorProps & CellEditorParams) {
  const { column, autocomplete, onValueChange, stopEditing, eventKey, initialValue } = props;
  const start = useMemo(() => initialText(column, initialValue, eventKey), [column, initialValue, eventKey]);
  const [text, setText] = useState(start);
  const [remote, setRemote] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(() => (column.type === 'list' && column.options ? column.options.findIndex((o) => o === initialValue) : -1));
  const [open, setOpen] = useState(column.type === 'list' || column.type === 'multiSelect');
  const input = useRef<HTMLInputElement>(null);
  const [box, setBox] = useState<DOMRect | null>(null);
  const typed = useRef(false);

  // Until something is typed, a list cell offers every option (the current one highlighted).
  const [filtering, setFiltering] = useState(!!eventKey && eventKey.length === 1);
  const choices = useMemo<Suggestion[]>(() => {
    if (column.options?.length) {
      if (!filtering) return column.options.map(asSuggestion);
      const last = column.type === 'multiSelect' ? (text.split(',').pop() ?? '') : text;
      return matchOptions(column.options, last).map(asSuggestion);
    }
    return remote.slice(0, AUTOCOMPLETE_LIMIT);
  }, [column, text, remote, filtering]);
  const state = useRef({ open, choices, active });
  state.current = { open, choices, active };

  // Once, when the editor opens: the grid gets the starting text and the input the focus.
  const opened = useEffectEvent(() => {
    onValueChange(start);
    const el = input.current;
    if (!el) return;
    el.focus();
    if (!eventKey || eventKey.length !== 1) el.select();
    else el.setSelectionRange(el.value.length, el.value.length);
    setBox(el.getBoundingClientRect());
  });
  useEffect(() => opened(), []);

  useLayoutEffect(() => {
    const onScroll = () => input.current && setBox(input.current.getBoundingClientRect());
    window.addEventListener('scroll', onScroll, true);
    return () => window.removeEventListener('scroll', onScroll, true);
  }, []);

  // Server suggestions once typing pauses.
  useEffect(() => {
    if (!autocomplete || !typed.current) return;
    const t = text.trim();
    if (!t) {
      setRemote([]);
      return;
    }
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      autocomplete(t, ctrl.signal).then(
        (list) => {
          if (ctrl.signal.aborted) return;
          setRemote(list.slice(0, AUTOCOMPLETE_LIMIT).map(asSuggestion));
          setOpen(list.length > 0);
          setActive(-1);
        },
        () => undefined,
      );
    }, AUTOCOMPLETE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [text, autocomplete]);

  const choose = (value: string) => {
    let next = value;
    if (column.type === 'multiSelect') {
      const parts = text.split(',').slice(0, -1).map((p) => p.trim()).filter(Boolean);
      next = [...parts, value].join(', ');
    }
    setText(next);
    onValueChange(next);
    // Let the value reach the grid before editing stops.
    setTimeout(() => stopEditing(), 0);
  };
  const chooseFromList = useEffectEvent(choose);

  // Keys the choice list uses must not reach the grid (it listens on the cell, below React).
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    const onKey = (e: KeyboardEvent) => {
      const s = state.current;
      const listShown = s.open && s.choices.length > 0;
      if (isNumericColumn(column) && !isNumericKeyAllowed(e)) {
        e.preventDefault();
        return;
      }
      if (!listShown) return;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        e.stopPropagation();
        const n = s.choices.length;
        setActive((i) => (e.key === 'ArrowDown' ? (i + 1) % n : (i - 1 + n) % n));
      } else if (e.key === 'Enter' && s.active >= 0) {
        e.preventDefault();
        e.stopPropagation();
        chooseFromList(s.choices[s.active]!.value);
      }
    };
    el.addEventListener('keydown', onKey);
    return () => el.removeEventListener('keydown', onKey);
  }, [column]);

  const showList = open && choices.length > 0 && box;
  return (
    <>
      <input
        ref={input}
        className="its-grid-editor"
        value={text}
        inputMode={isNumericColumn(column) ? 'decimal' : undefined}
        placeholder={column.type === 'date' ? 'MM/DD/YYYY' : undefined}
        aria-label={column.headerName}
        aria-autocomplete={column.options || autocomplete ? 'list' : undefined}
        onChange={(e) => {
          typed.current = true;
          setFiltering(true);
          setText(e.target.value);
          onValueChange(e.target.value);
          if (column.options?.length) {
            // A list cell offers its first match, so typing the start of an option and Enter picks it.
            const last = column.type === 'multiSelect' ? (e.target.value.split(',').pop() ?? '') : e.target.value;
            setOpen(true);
            setActive(last.trim() && matchOptions(column.options, last).length ? 0 : -1);
          } else setActive(-1);
        }}
      />
      {showList &&
        createPortal(
          <ul
            className="its-grid-choices"
            role="listbox"
            aria-label={column.headerName}
            data-testid="grid-choices"
            style={{ left: box.left, top: box.bottom + 2, minWidth: Math.max(box.width, 160) }}
            onMouseDown={(e) => e.preventDefault()}
          >
            {choices.map((c, i) => (
              <li
                key={c.value}
                role="option"
                aria-selected={i === active}
                className={[i === active ? 'is-active' : '', c.label || c.image ? 'its-grid-choice--rich' : ''].filter(Boolean).join(' ') || undefined}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(c.value)}
              >
                {c.image !== undefined && (c.image ? <img className="its-grid-choice__image" src={c.image} alt="" loading="lazy" /> : <span className="its-grid-choice__image" />)}
                <span className="its-grid-choice__value">{c.value}</span>
                {c.label && <span className="its-grid-choice__label">{c.label}</span>}
              </li>
            ))}
          </ul>,
          document.body,
        )}
    </>
  );
}
