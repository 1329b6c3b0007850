import type { ReactNode } from 'react';
import { cx } from '../class-names';
import './Table.css';

export interface TableColumn<Row> {
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  align?: 'start' | 'end';
  width?: string;
}

interface TableProps<Row> {
  columns: TableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** Names the table for screen readers. */
  caption: string;
  emptyText?: ReactNode;
  /** Rows whose action is running are dimmed (e.g. a deletion in flight). */
  isRowBusy?: (row: Row) => boolean;
  className?: string;
}

export function Table<Row>({
  columns,
  rows,
  rowKey,
  caption,
  emptyText = 'Nothing to show',
  isRowBusy,
  className,
}: TableProps<Row>) {
  return (
    <div className={cx('table-wrap', className)}>
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                style={column.width ? { width: column.width } : undefined}
                className={cx(column.align === 'end' && 'table__cell--end')}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="table__empty">
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const isBusy = isRowBusy?.(row) ?? false;
              return (
                <tr
                  key={rowKey(row)}
                  className={cx(isBusy && 'table__row--busy')}
                  aria-busy={isBusy || undefined}
                >
                  {columns.map((column) => (
                    <td key={column.key} className={cx(column.align === 'end' && 'table__cell--end')}>
                      {column.render(row)}
                    </td>
                  ))}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
