/**
 * A list table whose rows are picked to read one in the side pane (the outbox, the audit log):
 * skeleton rows while loading, the picked row marked, picking by click, Enter or Space.
 */
import type { ReactNode } from 'react';
import { Skeleton } from '@its/kit';

export interface SelectColumn<T> {
  header: ReactNode;
  /** Width of the skeleton cell while loading. */
  skeleton: number;
  cell: (row: T) => ReactNode;
  className?: string;
}

interface Props<T> {
  columns: SelectColumn<T>[];
  rows: T[];
  pending: boolean;
  selected: number | null;
  onSelect: (id: number) => void;
  rowId: (row: T) => number;
  /** Extra attributes of each row (test ids, data attributes). */
  rowProps?: (row: T) => Record<string, string | number>;
  className?: string;
  testId?: string;
}

export function SelectTable<T>({ columns, rows, pending, selected, onSelect, rowId, rowProps, className, testId }: Props<T>) {
  return (
    <div className="adm-table-wrap">
      <table className={`adm-table${className ? ` ${className}` : ''}`} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={i} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {pending
            ? [0, 1, 2, 3, 4].map((i) => (
                <tr key={i} className="adm-row adm-row--skeleton">
                  {columns.map((c, j) => (
                    <td key={j}>
                      <Skeleton width={c.skeleton} />
                    </td>
                  ))}
                </tr>
              ))
            : rows.map((r) => {
                const id = rowId(r);
                return (
                  <tr
                    key={id}
                    className={`adm-row${selected === id ? ' is-selected' : ''}`}
                    onClick={() => onSelect(id)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        onSelect(id);
                      }
                    }}
                    tabIndex={0}
                    aria-current={selected === id ? true : undefined}
                    {...rowProps?.(r)}
                  >
                    {columns.map((c, j) => (
                      <td key={j} className={c.className}>
                        {c.cell(r)}
                      </td>
                    ))}
                  </tr>
                );
              })}
        </tbody>
      </table>
    </div>
  );
}
