/**
 * The filter builder (the toolbar's Filter button): conditions on any filterable column of the
 * grid's schema with the operators of its type, nested AND / OR groups, applied as the `where`
 * tree the server takes (docs/grid.md §3.7) or on the loaded rows. It edits the same tree as the
 * column menu's "Filter by this column" (the column conditions are its top conditions).
 * Keyboard: Tab through the controls, Enter applies, Escape closes; the focus returns to the button.
 */
import { useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useStore } from '@its/kit';
import type { GridController } from '../controller';
import { below, useFloating } from '../floating';
import { GridIcon } from '../icons';
import type { GridColumn } from '../types';
import {
  addTo,
  builderColumns,
  canNest,
  countConditions,
  draftToWhere,
  firstBadValue,
  newCondition,
  newGroup,
  removeNode,
  setField,
  setJoin,
  setOp,
  setValues,
  whereToDraft,
  type DraftCondition,
  type DraftGroup,
} from './draft';
import { fm, opLabel } from './messages';
import { arity, builderKind, builderOps, conditionsOf, MAX_WHERE_CONDITIONS, type WhereOp } from './where';
import './filter.css';

export function FilterBuilder({ ctrl }: { ctrl: GridController }) {
  const intl = useIntl();
  const ui = useStore(ctrl.ui);
  const button = useRef<HTMLButtonElement>(null);
  const n = conditionsOf(ui.where).length;
  const close = useCallback(() => {
    ctrl.openFilterBuilder(null);
    button.current?.focus();
  }, [ctrl]);
  const columns = builderColumns(ctrl.settings.schema.columns, ctrl.filterMode());
  if (!columns.length) return null;
  return (
    <>
      <button
        ref={button}
        type="button"
        className={`its-btn its-btn--secondary its-grid-fb__button${n ? ' is-active' : ''}`}
        aria-haspopup="dialog"
        aria-expanded={!!ui.filterBuilder}
        data-testid="grid-filter-builder"
        data-count={n}
        onClick={(e) => {
          ctrl.openFilterBuilder(ui.filterBuilder ? null : below(e.currentTarget, 'right', 560));
        }}
      >
        <GridIcon name="filter" size={16} />
        {n ? intl.formatMessage(fm.buttonCount, { n }) : intl.formatMessage(fm.button)}
      </button>
      {ui.filterBuilder && <BuilderPanel ctrl={ctrl} columns={columns} x={ui.filterBuilder.x} y={ui.filterBuilder.y} onClose={close} />}
    </>
  );
}

interface PanelProps {
  ctrl: GridController;
  columns: GridColumn[];
  x: number;
  y: number;
  onClose: () => void;
}

function BuilderPanel({ ctrl, columns, x, y, onClose }: PanelProps) {
  const intl = useIntl();
  const ref = useRef<HTMLFormElement>(null);
  const pos = useFloating(ref, x, y, 'select, input, button', onClose);
  const [draft, setDraft] = useState<DraftGroup>(() => {
    const d = whereToDraft(ctrl.ui.get().where);
    return d.items.length || !columns[0] ? d : addTo(d, d.id, newCondition(columns[0]));
  });
  const [error, setError] = useState<{ id?: number; text: string } | null>(null);
  const edit = (next: DraftGroup) => {
    setDraft(next);
    setError(null);
  };
  const byField = useMemo(() => new Map(columns.map((c) => [c.field, c])), [columns]);
  const header = (field: string) => {
    const c = byField.get(field);
    return c ? ctrl.header(c) : field;
  };
  // Conditions are numbered in reading order for their labels ("Column of condition 2").
  const numbers = new Map<number, number>();
  const number = (g: DraftGroup) => {
    for (const n of g.items) {
      if (n.kind === 'cond') numbers.set(n.id, numbers.size + 1);
      else number(n);
    }
  };
  number(draft);

  const apply = () => {
    if (countConditions(draft) > MAX_WHERE_CONDITIONS) {
      setError({ text: intl.formatMessage(fm.limit, { n: MAX_WHERE_CONDITIONS }) });
      return;
    }
    const bad = firstBadValue(draft, columns);
    if (bad) {
      setError({ id: bad.id, text: intl.formatMessage(fm.badValue, { value: bad.value, header: header(bad.field) }) });
      return;
    }
    ctrl.setWhere(draftToWhere(draft));
    onClose();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    const tag = (e.target as HTMLElement).tagName;
    if (e.key !== 'Enter' || tag === 'BUTTON' || tag === 'TEXTAREA') return;
    e.preventDefault();
    apply();
  };
  const title = intl.formatMessage(fm.title);
  return (
    <form
      ref={ref}
      className="its-grid-popover its-grid-fb"
      role="dialog"
      aria-label={title}
      style={{ left: pos.left, top: pos.top }}
      data-testid="grid-filter-builder-panel"
      onKeyDown={onKeyDown}
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      <h3 className="its-grid-filter__title">{title}</h3>
      <GroupEditor
        intl={intl}
        root={draft}
        group={draft}
        columns={columns}
        header={header}
        numbers={numbers}
        errorId={error?.id}
        onChange={edit}
      />
      {error && (
        <p className="its-grid-filter__error" id="its-grid-fb-error" role="alert" data-testid="grid-filter-builder-error">
          {error.text}
        </p>
      )}
      <div className="its-grid-filter__actions">
        <button type="button" className="its-btn its-btn--ghost its-grid-fb__clear" onClick={() => edit({ ...draft, items: [] })} data-testid="grid-filter-builder-clear">
          {intl.formatMessage(fm.clear)}
        </button>
        <button type="button" className="its-btn its-btn--secondary" onClick={onClose}>
          {intl.formatMessage(fm.cancel)}
        </button>
        <button type="submit" className="its-btn its-btn--primary" data-testid="grid-filter-builder-apply">
          {intl.formatMessage(fm.apply)}
        </button>
      </div>
    </form>
  );
}

interface GroupProps {
  intl: IntlShape;
  root: DraftGroup;
  group: DraftGroup;
  columns: GridColumn[];
  header: (field: string) => string;
  numbers: Map<number, number>;
  errorId?: number;
  onChange: (d: DraftGroup) => void;
}

function GroupEditor(p: GroupProps) {
  const { intl, root, group, columns, onChange } = p;
  const isRoot = root.id === group.id;
  const joinWord = intl.formatMessage(group.join === 'and' ? fm.and : fm.or);
  const first = columns[0]!;
  return (
    <div className={`its-grid-fb__group${isRoot ? ' is-root' : ''}`} role="group" aria-label={isRoot ? intl.formatMessage(fm.title) : intl.formatMessage(fm.group)} data-testid="grid-fb-group" data-join={group.join}>
      <div className="its-grid-fb__join">
        {isRoot && <span>{intl.formatMessage(fm.intro)}</span>}
        <select aria-label={intl.formatMessage(fm.join)} value={group.join} onChange={(e) => onChange(setJoin(root, group.id, e.target.value as 'and' | 'or'))} data-testid="grid-fb-join">
          <option value="and">{intl.formatMessage(fm.joinAnd)}</option>
          <option value="or">{intl.formatMessage(fm.joinOr)}</option>
        </select>
        {!isRoot && (
          <button type="button" className="its-btn--link its-grid-fb__remove-group" onClick={() => onChange(removeNode(root, group.id))} data-testid="grid-fb-remove-group">
            {intl.formatMessage(fm.removeGroup)}
          </button>
        )}
      </div>
      {!group.items.length && isRoot && <p className="its-grid-fb__empty">{intl.formatMessage(fm.empty)}</p>}
      <ol className="its-grid-fb__items">
        {group.items.map((n, i) => (
          <li key={n.id} className="its-grid-fb__item">
            {i > 0 && (
              <span className="its-grid-fb__word" aria-hidden>
                {joinWord}
              </span>
            )}
            {n.kind === 'cond' ? <ConditionEditor {...p} cond={n} /> : <GroupEditor {...p} group={n} />}
          </li>
        ))}
      </ol>
      <div className="its-grid-fb__add">
        <button type="button" className="its-btn its-btn--ghost" onClick={() => onChange(addTo(root, group.id, newCondition(first)))} data-testid="grid-fb-add-condition">
          <GridIcon name="plus" size={14} />
          {intl.formatMessage(fm.addCondition)}
        </button>
        <button
          type="button"
          className="its-btn its-btn--ghost"
          disabled={!canNest(root, group.id)}
          onClick={() => onChange(addTo(root, group.id, newGroup(group.join === 'and' ? 'or' : 'and', [newCondition(first)])))}
          data-testid="grid-fb-add-group"
        >
          <GridIcon name="group" size={14} />
          {intl.formatMessage(fm.addGroup)}
        </button>
      </div>
    </div>
  );
}

function ConditionEditor({ intl, root, cond, columns, header, numbers, errorId, onChange }: GroupProps & { cond: DraftCondition }) {
  const n = numbers.get(cond.id) ?? 0;
  const col = columns.find((c) => c.field === cond.field) ?? columns[0]!;
  const kind = builderKind(col);
  const ops = builderOps(col);
  const invalid = errorId === cond.id;
  return (
    <div className="its-grid-fb__cond" data-testid="grid-fb-condition" data-field={cond.field}>
      <select
        aria-label={intl.formatMessage(fm.column, { n })}
        value={cond.field}
        onChange={(e) => onChange(setField(root, cond.id, columns.find((c) => c.field === e.target.value) ?? col))}
        data-testid="grid-fb-field"
      >
        {columns.map((c) => (
          <option key={c.field} value={c.field}>
            {header(c.field)}
          </option>
        ))}
      </select>
      <select aria-label={intl.formatMessage(fm.operator, { n })} value={cond.op} onChange={(e) => onChange(setOp(root, cond.id, e.target.value as WhereOp))} data-testid="grid-fb-op">
        {ops.map((op) => (
          <option key={op} value={op}>
            {intl.formatMessage(opLabel(kind, op))}
          </option>
        ))}
      </select>
      <ValueEditor intl={intl} col={col} cond={cond} n={n} invalid={invalid} onValues={(v) => onChange(setValues(root, cond.id, v))} />
      <button type="button" className="its-grid-btn its-grid-fb__x" aria-label={intl.formatMessage(fm.removeCondition, { n })} title={intl.formatMessage(fm.removeCondition, { n })} onClick={() => onChange(removeNode(root, cond.id))} data-testid="grid-fb-remove">
        <GridIcon name="close" size={14} />
      </button>
    </div>
  );
}

/** The HTML input type of a column's values. */
function inputType(col: GridColumn): 'number' | 'date' | 'text' {
  if (col.type === 'integer' || col.type === 'number') return 'number';
  return col.type === 'date' ? 'date' : 'text';
}

function ValueEditor({ intl, col, cond, n, invalid, onValues }: { intl: IntlShape; col: GridColumn; cond: DraftCondition; n: number; invalid: boolean; onValues: (v: string[]) => void }) {
  const need = arity(cond.op);
  const kind = builderKind(col);
  const described = invalid ? { 'aria-invalid': true, 'aria-describedby': 'its-grid-fb-error' } : {};
  if (need === 0) return <span className="its-grid-fb__value" />;
  if (need === -1 && (kind === 'list' || kind === 'multi') && col.options?.length) {
    const on = new Set(cond.values.map((v) => v.toLowerCase()));
    return (
      <fieldset className="its-grid-fb__value its-grid-fb__options" data-testid="grid-fb-options" {...described}>
        <legend className="its-grid-fb__sr">{intl.formatMessage(fm.values, { n })}</legend>
        {col.options.map((o) => (
          <label key={o} className="its-grid-fb__option">
            <input
              type="checkbox"
              checked={on.has(o.toLowerCase())}
              onChange={(e) => onValues(e.target.checked ? [...cond.values, o] : cond.values.filter((v) => v.toLowerCase() !== o.toLowerCase()))}
              data-testid="grid-fb-option"
              value={o}
            />
            {o}
          </label>
        ))}
      </fieldset>
    );
  }
  if (kind === 'boolean') {
    return (
      <select className="its-grid-fb__value" aria-label={intl.formatMessage(fm.value, { n })} value={cond.values[0] ?? ''} onChange={(e) => onValues([e.target.value])} data-testid="grid-fb-value">
        <option value="" />
        <option value="true">{intl.formatMessage(fm.yes)}</option>
        <option value="false">{intl.formatMessage(fm.no)}</option>
      </select>
    );
  }
  const type = inputType(col);
  const input = (i: number, label: string) => (
    <input
      type={type}
      step={type === 'number' ? 'any' : undefined}
      aria-label={label}
      value={cond.values[i] ?? ''}
      onChange={(e) => {
        const next = [...cond.values];
        next[i] = e.target.value;
        onValues(need === 2 ? [next[0] ?? '', next[1] ?? ''] : next.slice(0, Math.max(1, i + 1)));
      }}
      data-testid={i === 0 ? 'grid-fb-value' : 'grid-fb-value2'}
      {...described}
    />
  );
  if (need === 2) {
    return (
      <span className="its-grid-fb__value its-grid-fb__between">
        {input(0, intl.formatMessage(fm.from, { n }))}
        <span aria-hidden>{intl.formatMessage(fm.and2)}</span>
        {input(1, intl.formatMessage(fm.to, { n }))}
      </span>
    );
  }
  return <span className="its-grid-fb__value">{input(0, intl.formatMessage(fm.value, { n }))}</span>;
}
