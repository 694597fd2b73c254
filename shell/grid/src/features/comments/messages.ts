/** The words of the row comments (in the grid kit's catalogs): the side panel, the Comments column, the context menu. */
import { defineMessages, type MessageDescriptor } from 'react-intl';

const messages = defineMessages({
  menu: { id: 'grid.comments.menu', defaultMessage: 'Comments' },
  column: { id: 'grid.comments.column', defaultMessage: 'Comments' },
  title: { id: 'grid.comments.title', defaultMessage: 'Comments: {row}' },
  panel: { id: 'grid.comments.panel', defaultMessage: 'Comments on this row' },
  cellLabel: { id: 'grid.comments.cellLabel', defaultMessage: '{n, plural, one {# open comment} other {# open comments}}: show the comments' },
  loading: { id: 'grid.comments.loading', defaultMessage: 'Loading comments…' },
  empty: { id: 'grid.comments.empty', defaultMessage: 'No comments on this row yet.' },
  open: { id: 'grid.comments.open', defaultMessage: 'Open' },
  resolvedBy: { id: 'grid.comments.resolvedBy', defaultMessage: 'Resolved by {name} on {date}' },
  resolve: { id: 'grid.comments.resolve', defaultMessage: 'Resolve' },
  reopen: { id: 'grid.comments.reopen', defaultMessage: 'Reopen' },
  add: { id: 'grid.comments.add', defaultMessage: 'Add a comment' },
  send: { id: 'grid.comments.send', defaultMessage: 'Comment' },
  placeholder: { id: 'grid.comments.placeholder', defaultMessage: 'Write a comment; type @ to mention a colleague' },
  hint: { id: 'grid.comments.hint', defaultMessage: 'Only colleagues who may see this row can be mentioned; they get a notification and an e-mail. Ctrl+Enter sends.' },
  people: { id: 'grid.comments.people', defaultMessage: 'Colleagues to mention' },
  edited: { id: 'grid.comments.edited', defaultMessage: '(edited)' },
  edit: { id: 'grid.comments.edit', defaultMessage: 'Edit' },
  editOf: { id: 'grid.comments.editOf', defaultMessage: 'Edit your comment' },
  editLabel: { id: 'grid.comments.editLabel', defaultMessage: 'Edit the comment' },
  save: { id: 'grid.comments.save', defaultMessage: 'Save' },
  cancel: { id: 'grid.comments.cancel', defaultMessage: 'Cancel' },
  delete: { id: 'grid.comments.delete', defaultMessage: 'Delete' },
  deleteOf: { id: 'grid.comments.deleteOf', defaultMessage: 'Delete your comment' },
});

export const cm: Record<keyof typeof messages, MessageDescriptor> = messages;
