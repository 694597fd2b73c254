/**
 * The active filter as removable chips under the toolbar: one chip per condition ("Division is
 * any of Work, Kids ×"), a group of conditions as a chip group showing its AND / OR, the top
 * conditions joined by the top group's word. A chip's text opens the filter builder (a column
 * condition: the column menu's editor); its × removes that condition (or group).
 */
import type { ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useStore } from '@its/kit';
import { columnOps } from '../columnFilter';
import type { GridController } from '../controller';
import { GridIcon } from '../icons';
import { m } from '../messages';
import { fm, opLabel } from './messages';
import { builderKind, conditionsOf, isFilterOp, isGroup, itemsOf, joinOf, removeAt, type WhereCondition, type WhereNode, type WherePath } from './where';
import './filter.css';
import { below } from '../floating';

/** A condition as a sentence: "Wholesale price > 50", "Year is between 2024 and 2026". */
export function conditionText(intl: IntlShape, ctrl: GridController, c: WhereCondition): string {
  const col = ctrl.column(c.field);
  const header = col ? ctrl.header(col) : c.field;
  const kind = col ? builderKind(col) : 'text';
  const shown = kind === 'boolean' ? c.values.map((v) => intl.formatMessage(v === 'true' ? fm.yes : fm.no)) : c.values;
  const values = c.op === 'between' ? intl.formatMessage(fm.betweenValues, { from: shown[0] ?? '', to: shown[1] ?? '' }) : shown.join(', ');
  return intl.formatMessage(m.filterChip, { header, op: intl.formatMessage(opLabel(kind, c.op, c.values.length > 1)), values }).trim();
}

export function FilterChips({ ctrl }: { ctrl: GridController }) {
  const intl = useIntl();
  const ui = useStore(ctrl.ui);
  const tree = ui.where;
  if (!tree) return null;
  const remove = (path: WherePath) => ctrl.setWhere(removeAt(tree, path));
  const open = (el: HTMLElement, c: WhereCondition, top: boolean) => {
    const at = below(el);
    const col = ctrl.column(c.field);
    if (top && col && isFilterOp(c.op) && columnOps(col, ctrl.filterMode()).includes(c.op)) ctrl.openFilterEditor(c.field, at.x, at.y);
    else ctrl.openFilterBuilder(at);
  };
  const chip = (c: WhereCondition, path: WherePath, top: boolean) => {
    const text = conditionText(intl, ctrl, c);
    return (
      <span key={path.join('.')} className="its-grid-fchip" role="listitem" data-testid="grid-filter-chip" data-field={c.field}>
        <button type="button" className="its-grid-fchip__text" onClick={(e) => open(e.currentTarget, c, top)}>
          {text}
        </button>
        <button type="button" className="its-grid-fchip__x" aria-label={intl.formatMessage(m.filterRemoveNamed, { filter: text })} onClick={() => remove(path)} data-testid="grid-filter-chip-remove">
          <GridIcon name="close" size={14} />
        </button>
      </span>
    );
  };
  const word = (join: 'and' | 'or', key: string) => (
    <span key={key} className="its-grid-fchips__word" data-testid="grid-filter-join" aria-hidden>
      {intl.formatMessage(join === 'and' ? fm.and : fm.or)}
    </span>
  );
  const node = (n: WhereNode, path: WherePath, top: boolean): ReactNode => {
    if (!isGroup(n)) return chip(n, path, top);
    const join = joinOf(n);
    const joinText = intl.formatMessage(join === 'and' ? fm.and : fm.or);
    return (
      <span key={path.join('.')} className="its-grid-fgroup" role="listitem" data-testid="grid-filter-group" data-join={join}>
        <span className="its-grid-fgroup__join" aria-hidden>
          {joinText}
        </span>
        <span className="its-grid-fgroup__items" role="list" aria-label={intl.formatMessage(fm.groupChip, { join: joinText })}>
          {itemsOf(n).flatMap((c, i) => [...(i ? [word(join, `w${path.join('.')}.${i}`)] : []), node(c, [...path, i], false)])}
        </span>
        <button type="button" className="its-grid-fchip__x" aria-label={intl.formatMessage(fm.removeGroupNamed, { join: joinText })} onClick={() => remove(path)} data-testid="grid-filter-group-remove">
          <GridIcon name="close" size={14} />
        </button>
      </span>
    );
  };
  const items = isGroup(tree) ? itemsOf(tree) : [tree];
  const topJoin = isGroup(tree) ? joinOf(tree) : 'and';
  return (
    <div className="its-grid-chips" data-testid="grid-filter-chips" data-join={topJoin} role="list" aria-label={intl.formatMessage(fm.chips)}>
      {items.flatMap((n, i) => [...(i ? [word(topJoin, `w${i}`)] : []), node(n, isGroup(tree) ? [i] : [], true)])}
      {conditionsOf(tree).length > 1 && (
        <button type="button" className="its-btn--link its-grid-chips__clear" onClick={() => ctrl.setWhere(null)} data-testid="grid-filter-clear-all">
          {intl.formatMessage(m.filterClearAll)}
        </button>
      )}
    </div>
  );
}
