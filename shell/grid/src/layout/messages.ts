import { defineMessages, type MessageDescriptor } from 'react-intl';

/** The column chooser's texts (in the grid kit's catalogs). */
const layoutMessages = defineMessages({
  columns: { id: 'grid.layout.columns', defaultMessage: 'Columns' },
  title: { id: 'grid.layout.title', defaultMessage: 'Columns and row height' },
  show: { id: 'grid.layout.show', defaultMessage: 'Show {header}' },
  moveUp: { id: 'grid.layout.moveUp', defaultMessage: 'Move {header} up' },
  moveDown: { id: 'grid.layout.moveDown', defaultMessage: 'Move {header} down' },
  rowHeight: { id: 'grid.layout.rowHeight', defaultMessage: 'Row height' },
  compact: { id: 'grid.layout.compact', defaultMessage: 'Compact' },
  normal: { id: 'grid.layout.normal', defaultMessage: 'Normal' },
  tall: { id: 'grid.layout.tall', defaultMessage: 'Tall' },
  reset: { id: 'grid.layout.reset', defaultMessage: 'Reset to default' },
  saveFailed: { id: 'grid.layout.saveFailed', defaultMessage: 'Your column layout could not be saved.' },
});

export const lm: Record<keyof typeof layoutMessages, MessageDescriptor> = layoutMessages;
