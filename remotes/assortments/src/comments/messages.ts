/** The words of the row comments (the side panel, the Comments column, the context menu). */
import { defineMessages, type MessageDescriptor } from 'react-intl';

const messages = defineMessages({
  menu: { id: 'assortments.comments.menu', defaultMessage: 'Comments' },
  column: { id: 'assortments.comments.column', defaultMessage: 'Comments' },
  title: { id: 'assortments.comments.title', defaultMessage: 'Comments: {row}' },
  panel: { id: 'assortments.comments.panel', defaultMessage: 'Comments on this row' },
  cellLabel: { id: 'assortments.comments.cellLabel', defaultMessage: '{n, plural, one {# open comment} other {# open comments}}: show the comments' },
  loading: { id: 'assortments.comments.loading', defaultMessage: 'Loading comments…' },
  empty: { id: 'assortments.comments.empty', defaultMessage: 'No comments on this row yet.' },
  open: { id: 'assortments.comments.open', defaultMessage: 'Open' },
  resolvedBy: { id: 'assortments.comments.resolvedBy', defaultMessage: 'Resolved by {name} on {date}' },
  resolve: { id: 'assortments.comments.resolve', defaultMessage: 'Resolve' },
  reopen: { id: 'assortments.comments.reopen', defaultMessage: 'Reopen' },
  add: { id: 'assortments.comments.add', defaultMessage: 'Add a comment' },
  send: { id: 'assortments.comments.send', defaultMessage: 'Comment' },
  placeholder: { id: 'assortments.comments.placeholder', defaultMessage: 'Write a comment; type @ to mention a colleague' },
  hint: { id: 'assortments.comments.hint', defaultMessage: 'Only colleagues who may see this row can be mentioned; they get a notification and an e-mail. Ctrl+Enter sends.' },
  people: { id: 'assortments.comments.people', defaultMessage: 'Colleagues to mention' },
  edited: { id: 'assortments.comments.edited', defaultMessage: '(edited)' },
  edit: { id: 'assortments.comments.edit', defaultMessage: 'Edit' },
  editOf: { id: 'assortments.comments.editOf', defaultMessage: 'Edit your comment' },
  editLabel: { id: 'assortments.comments.editLabel', defaultMessage: 'Edit the comment' },
  save: { id: 'assortments.comments.save', defaultMessage: 'Save' },
  cancel: { id: 'assortments.comments.cancel', defaultMessage: 'Cancel' },
  delete: { id: 'assortments.comments.delete', defaultMessage: 'Delete' },
  deleteOf: { id: 'assortments.comments.deleteOf', defaultMessage: 'Delete your comment' },
});

export const cm: Record<keyof typeof messages, MessageDescriptor> = messages;
