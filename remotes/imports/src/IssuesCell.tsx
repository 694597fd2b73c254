/** The import grid's issues cell: the row's worst severity and its errors, all in the tooltip. */
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { RowError } from './api';

export interface IssuesCellParams {
  /** The tooltip text of an error, in the user's language. */
  text: (e: RowError) => string;
}

export function IssuesCell(props: CustomCellRendererProps & IssuesCellParams) {
  const errors = ((props.data as Record<string, unknown> | undefined)?.__errors ?? []) as RowError[];
  if (!errors.length) return null;
  const critical = errors.some((e) => e.errorSeverity === 'critical');
  const texts = errors.map(props.text);
  return (
    <span className={`imp-issue imp-issue--${critical ? 'critical' : 'warning'}`} title={texts.join('\n')} data-testid="import-issue" data-severity={critical ? 'critical' : 'warning'}>
      <span className="imp-issue__dot" aria-hidden />
      {texts[0]}
      {texts.length > 1 && ` +${texts.length - 1}`}
    </span>
  );
}
