/** The full-width row of a group: its value, its row count and the chevron that folds it. */
import { useIntl } from 'react-intl';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { GridController, GridData } from './controller';
import type { GroupRow } from './grouping';
import { NULL_GROUP_KEY } from './blocks/groupLayout';
import { GridIcon } from './icons';
import { m } from './messages';
import type { ColumnExtras } from './props';

export function GroupHeader(
  props: CustomCellRendererProps<GridData> & { ctrl: GridController; headerOf: (field: string) => string; valueOf: (field: string, key: string) => string },
) {
  const intl = useIntl();
  const g = (props.data as GroupRow | undefined)?.__group;
  if (!g) return null;
  const collapsed = props.ctrl.isCollapsed(g.key);
  const value = g.key === '' || g.key === NULL_GROUP_KEY ? intl.formatMessage(m.blanks) : props.valueOf(g.field, g.key);
  // The row's one cell; the button is named by the group's text and says open or closed by aria-expanded.
  return (
    <div role="gridcell" className="its-grid-group-cell">
      <button
        type="button"
        className="its-grid-group"
        data-testid="grid-group-row"
        data-group-key={g.key}
        aria-expanded={!collapsed}
        title={intl.formatMessage(collapsed ? m.expandGroup : m.collapseGroup)}
        onClick={() => props.ctrl.toggleGroup(g.key)}
      >
        <span className={`its-grid-group__chevron${collapsed ? '' : ' is-open'}`}>
          <GridIcon name="chevronRight" size={16} />
        </span>
        <span className="its-grid-group__label">{intl.formatMessage(m.groupHeader, { header: props.headerOf(g.field), value, count: g.count })}</span>
      </button>
    </div>
  );
}

/** A group's value as the column's value formatter (from the page's extras) words it; the value itself without one. */
export function groupText(extras: ColumnExtras | undefined, field: string, key: string): string {
  const format = extras?.[field]?.valueFormatter;
  if (typeof format !== 'function') return key;
  const text = (format as (p: { value: unknown }) => unknown)({ value: key });
  return typeof text === 'string' && text !== '' ? text : key;
}
