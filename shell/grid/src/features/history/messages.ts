/** The cell history's words (in the grid kit's catalogs): the context menu, the side panel, the revert. */
import { defineMessages, type MessageDescriptor } from 'react-intl';

const messages = defineMessages({
  show: { id: 'grid.history.show', defaultMessage: 'Show history' },
  row: { id: 'grid.history.row', defaultMessage: 'Row history' },
  title: { id: 'grid.history.title', defaultMessage: 'History' },
  ofCell: { id: 'grid.history.ofCell', defaultMessage: 'History of {field} · {row}' },
  ofRow: { id: 'grid.history.ofRow', defaultMessage: 'History of {row}' },
  none: { id: 'grid.history.none', defaultMessage: 'No changes recorded yet.' },
  failed: { id: 'grid.history.failed', defaultMessage: 'The history could not be read: {message}' },
  empty: { id: 'grid.history.empty', defaultMessage: '(empty)' },
  yes: { id: 'grid.history.yes', defaultMessage: 'Yes' },
  no: { id: 'grid.history.no', defaultMessage: 'No' },
  system: { id: 'grid.history.system', defaultMessage: 'System' },
  revert: { id: 'grid.history.revert', defaultMessage: 'Revert to this value' },
  reverted: { id: 'grid.history.reverted', defaultMessage: '{field} reverted' },
  viaEdit: { id: 'grid.history.via.edit', defaultMessage: 'Edit' },
  viaPaste: { id: 'grid.history.via.paste', defaultMessage: 'Paste' },
  viaImport: { id: 'grid.history.via.import', defaultMessage: 'Import' },
  viaBatch: { id: 'grid.history.via.batch', defaultMessage: 'Batch' },
  viaRevert: { id: 'grid.history.via.revert', defaultMessage: 'Revert' },
});

export const hm: Record<keyof typeof messages, MessageDescriptor> = messages;
