import { defineMessages, type MessageDescriptor } from 'react-intl';
import { opLabels } from '../messages';
import type { BuilderKind, WhereOp } from './where';

/** The filter builder's texts (in the grid kit's catalogs). */
const filterMessages = defineMessages({
  button: { id: 'grid.builder.button', defaultMessage: 'Filter' },
  buttonCount: { id: 'grid.builder.buttonCount', defaultMessage: 'Filter ({n, number})' },
  title: { id: 'grid.builder.title', defaultMessage: 'Filter rows' },
  intro: { id: 'grid.builder.intro', defaultMessage: 'Show the rows that match' },
  joinAnd: { id: 'grid.builder.joinAnd', defaultMessage: 'all of these (AND)' },
  joinOr: { id: 'grid.builder.joinOr', defaultMessage: 'any of these (OR)' },
  join: { id: 'grid.builder.join', defaultMessage: 'How the conditions of this group combine' },
  and: { id: 'grid.builder.and', defaultMessage: 'AND' },
  or: { id: 'grid.builder.or', defaultMessage: 'OR' },
  column: { id: 'grid.builder.column', defaultMessage: 'Column of condition {n, number}' },
  operator: { id: 'grid.builder.operator', defaultMessage: 'Condition {n, number}' },
  value: { id: 'grid.builder.value', defaultMessage: 'Value of condition {n, number}' },
  from: { id: 'grid.builder.from', defaultMessage: 'From (condition {n, number})' },
  to: { id: 'grid.builder.to', defaultMessage: 'To (condition {n, number})' },
  values: { id: 'grid.builder.values', defaultMessage: 'Values of condition {n, number}' },
  and2: { id: 'grid.builder.between', defaultMessage: 'and' },
  yes: { id: 'grid.builder.yes', defaultMessage: 'Yes' },
  no: { id: 'grid.builder.no', defaultMessage: 'No' },
  addCondition: { id: 'grid.builder.addCondition', defaultMessage: 'Add condition' },
  addGroup: { id: 'grid.builder.addGroup', defaultMessage: 'Add group' },
  removeCondition: { id: 'grid.builder.removeCondition', defaultMessage: 'Remove condition {n, number}' },
  removeGroup: { id: 'grid.builder.removeGroup', defaultMessage: 'Remove this group' },
  group: { id: 'grid.builder.group', defaultMessage: 'Group of conditions' },
  empty: { id: 'grid.builder.empty', defaultMessage: 'No conditions yet: add one to filter the rows.' },
  apply: { id: 'grid.builder.apply', defaultMessage: 'Apply' },
  cancel: { id: 'grid.builder.cancel', defaultMessage: 'Cancel' },
  clear: { id: 'grid.builder.clear', defaultMessage: 'Clear all' },
  badValue: { id: 'grid.builder.badValue', defaultMessage: '“{value}” is not a valid value for {header}.' },
  limit: { id: 'grid.builder.limit', defaultMessage: 'A filter has at most {n, number} conditions.' },
  chips: { id: 'grid.builder.chips', defaultMessage: 'Active filter' },
  groupChip: { id: 'grid.builder.groupChip', defaultMessage: '{join} group' },
  removeGroupNamed: { id: 'grid.builder.removeGroupNamed', defaultMessage: 'Remove the {join} group' },
  betweenValues: { id: 'grid.builder.betweenValues', defaultMessage: '{from} and {to}' },
});

export const fm: Record<keyof typeof filterMessages, MessageDescriptor> = filterMessages;

const opMessages = defineMessages({
  is: { id: 'grid.builder.op.is', defaultMessage: 'is' },
  noneOf: { id: 'grid.builder.op.notIn', defaultMessage: 'is none of' },
  notBlank: { id: 'grid.builder.op.notBlank', defaultMessage: 'is not empty' },
  ne: { id: 'grid.builder.op.ne', defaultMessage: '≠' },
  between: { id: 'grid.builder.op.between', defaultMessage: 'is between' },
});

/**
 * The name of an operator on a kind of column: "is any of" on lists (and text with several
 * values), "is" on text, "=" / "≠" on numbers and dates; the column menu's names where they meet.
 */
export function opLabel(kind: BuilderKind, op: WhereOp, several = false): MessageDescriptor {
  const base = opLabels(kind === 'number' ? 'number' : 'text');
  switch (op) {
    case 'in':
      return kind === 'number' ? base.in : (kind === 'text' || kind === 'boolean') && !several ? opMessages.is : base.in;
    case 'notIn':
      return kind === 'number' ? opMessages.ne : opMessages.noneOf;
    case 'notBlank':
      return opMessages.notBlank;
    case 'between':
      return opMessages.between;
    default:
      return base[op];
  }
}
