/**
 * The editable grid's own buttons, one for every page that adds and deletes rows: Add, Save new
 * {n} (while rows are being added) and Delete (the selected rows). A page gives its words for
 * Add and Delete, its test ids, and may put its own buttons between Add and Save new.
 */
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { GridUi } from '../controller';
import type { DataGridHandle } from '../props';
import { GridIcon } from '../icons';
import { m } from '../messages';
import type { CellValue } from '../types';

export interface EditActionsProps {
  ui: GridUi;
  grid: DataGridHandle;
  /** The buttons' test ids. */
  testIds: { add: string; saveNew: string; delete: string };
  addLabel: ReactNode;
  deleteLabel: ReactNode;
  /** The Save new button's words for n rows being added ("Save new rows (n)" by default). */
  saveNewLabel?: (n: number) => ReactNode;
  /** The values a new row starts with. */
  addDefaults?: Record<string, CellValue>;
  /** Which of Add and Save new is the primary button (Save new by default). */
  primary?: 'add' | 'saveNew';
  /** The Delete button's classes (a ghost button by default); a page's danger class, say. */
  deleteClassName?: string;
  /** Extra class of the Save new button. */
  saveNewClassName?: string;
  /** The page's own buttons between Add and Save new. */
  children?: ReactNode;
}

const button = (primary: boolean) => `its-btn ${primary ? 'its-btn--primary' : 'its-btn--secondary'}`;

export function EditActions({ ui, grid, testIds, addLabel, deleteLabel, saveNewLabel, addDefaults, primary = 'saveNew', deleteClassName = 'its-btn its-btn--ghost', saveNewClassName, children }: EditActionsProps) {
  const intl = useIntl();
  return (
    <>
      <button type="button" className={button(primary === 'add')} onClick={() => grid.addRow(addDefaults)} data-testid={testIds.add}>
        <GridIcon name="plus" />
        {addLabel}
      </button>
      {children}
      {ui.newRows > 0 && (
        <button type="button" className={`${button(primary === 'saveNew')}${saveNewClassName ? ` ${saveNewClassName}` : ''}`} onClick={() => void grid.saveNewRows()} data-testid={testIds.saveNew}>
          <GridIcon name="save" />
          {saveNewLabel ? saveNewLabel(ui.newRows) : intl.formatMessage(m.saveNew, { n: ui.newRows })}
        </button>
      )}
      <button type="button" className={deleteClassName} onClick={() => void grid.deleteSelected()} disabled={ui.selectedRows === 0} data-testid={testIds.delete}>
        <GridIcon name="trash" />
        {deleteLabel}
      </button>
    </>
  );
}
