/** The sort page's texts. */
import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { GroupBy, SortField } from './model';

const sortMessages = defineMessages({
  title: { id: 'assortments.sort.title', defaultMessage: 'Sort' },
  tabSort: { id: 'assortments.sort.tab', defaultMessage: 'Sort & group' },
  groupBy: { id: 'assortments.sort.groupBy', defaultMessage: 'Group by' },
  autoSort: { id: 'assortments.sort.autoSort', defaultMessage: 'Auto-sort' },
  undo: { id: 'assortments.sort.undo', defaultMessage: 'Undo' },
  redo: { id: 'assortments.sort.redo', defaultMessage: 'Redo' },
  expandAll: { id: 'assortments.sort.expandAll', defaultMessage: 'Expand all' },
  collapseAll: { id: 'assortments.sort.collapseAll', defaultMessage: 'Collapse all' },
  uncategorized: { id: 'assortments.sort.uncategorized', defaultMessage: 'Uncategorized' },
  styles: { id: 'assortments.sort.styles', defaultMessage: '{n, plural, one {# style} other {# styles}}' },
  colors: { id: 'assortments.sort.colors', defaultMessage: '{n, plural, one {# colour} other {# colours}}' },
  emptyGroup: { id: 'assortments.sort.emptyGroup', defaultMessage: 'Drop styles here' },
  dragGroup: { id: 'assortments.sort.dragGroup', defaultMessage: 'Drag to move the group {title}' },
  dragStyle: { id: 'assortments.sort.dragStyle', defaultMessage: 'Drag to move style {style}' },
  dragColor: { id: 'assortments.sort.dragColor', defaultMessage: 'Drag to move colour {color}' },
  rename: { id: 'assortments.sort.rename', defaultMessage: 'Rename the group' },
  lock: { id: 'assortments.sort.lock', defaultMessage: 'Lock the group' },
  unlock: { id: 'assortments.sort.unlock', defaultMessage: 'Unlock the group' },
  alwaysOpen: { id: 'assortments.sort.alwaysOpen', defaultMessage: 'Always open' },
  locked: { id: 'assortments.sort.locked', defaultMessage: 'Locked' },
  saving: { id: 'assortments.sort.saving', defaultMessage: 'Saving…' },
  saved: { id: 'assortments.sort.saved', defaultMessage: 'All changes saved' },
  stale: { id: 'assortments.sort.stale', defaultMessage: 'Someone else changed this sort. Reload to see their order before moving anything.' },
  readOnly: { id: 'assortments.sort.readOnly', defaultMessage: 'You can view this order. Changing it needs edit rights on the {channel} channel.' },
  dynamic: { id: 'assortments.sort.dynamic', defaultMessage: 'A dynamic assortment follows its filters, so it has no display groups. Open the products to change the filters.' },
  backToProducts: { id: 'assortments.sort.backToProducts', defaultMessage: 'Products' },
  autoSortTitle: { id: 'assortments.sort.autoSortTitle', defaultMessage: 'Auto-sort the styles' },
  autoSortHint: { id: 'assortments.sort.autoSortHint', defaultMessage: 'Styles are ordered within each group by up to three keys; equal styles keep their order.' },
  sortKey: { id: 'assortments.sort.key', defaultMessage: 'Key {n}' },
  sortDirection: { id: 'assortments.sort.sortDirection', defaultMessage: 'Order of sort key {n}' },
  noKey: { id: 'assortments.sort.noKey', defaultMessage: '(none)' },
  ascending: { id: 'assortments.sort.ascending', defaultMessage: 'Ascending' },
  descending: { id: 'assortments.sort.descending', defaultMessage: 'Descending' },
  apply: { id: 'assortments.sort.apply', defaultMessage: 'Sort' },
  sorted: { id: 'assortments.sort.sorted', defaultMessage: 'Styles sorted' },
  regrouped: { id: 'assortments.sort.regrouped', defaultMessage: 'Grouped by {field}' },
  empty: { id: 'assortments.sort.empty', defaultMessage: 'This assortment has no products yet. Add some on the products tab to sort them.' },
});

/** The page's texts, typed loosely: values are checked by the formatter at run time. */
export const sortMsg: Record<keyof typeof sortMessages, MessageDescriptor> = sortMessages;

export const fieldMsg: Record<GroupBy | SortField, MessageDescriptor> = defineMessages({
  gender: { id: 'assortments.sort.field.gender', defaultMessage: 'Gender' },
  division: { id: 'assortments.sort.field.division', defaultMessage: 'Division' },
  divisionGroup: { id: 'assortments.sort.field.divisionGroup', defaultMessage: 'Division group' },
  pillar: { id: 'assortments.sort.field.pillar', defaultMessage: 'Pillar' },
  outsole: { id: 'assortments.sort.field.outsole', defaultMessage: 'Outsole' },
  upper: { id: 'assortments.sort.field.upper', defaultMessage: 'Upper' },
  style: { id: 'assortments.sort.field.style', defaultMessage: 'Style' },
  none: { id: 'assortments.sort.field.none', defaultMessage: 'None' },
  styleNumeric: { id: 'assortments.sort.field.styleNumeric', defaultMessage: 'Style number' },
});
