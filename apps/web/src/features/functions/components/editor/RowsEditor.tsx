import type { CSSProperties } from 'react';
import { Button, PlusIcon, popup, TrashIcon } from '../../../../ui';

export interface RowColumn<T> {
  field: keyof T & string;
  label: string;
  placeholder?: string;
  /** A choice instead of free text. */
  options?: ReadonlyArray<{ value: string; label: string }>;
  isMonospace?: boolean;
}

interface RowsEditorProps<T extends object> {
  /** Names the rows for screen readers and the add button: 'Input', 'Header'. */
  itemLabel: string;
  rows: readonly T[];
  columns: ReadonlyArray<RowColumn<T>>;
  newRow: () => T;
  onChange: (rows: T[]) => void;
  isReadOnly?: boolean;
}

/**
 * Rows of a few fields (inputs, outputs, headers, form data, storage variables) with Add and
 * a delete per row, which asks first (spec 02 section 4: deleting input variables and so on
 * asks for confirmation). Rows left without a name are dropped on save by the server.
 */
export function RowsEditor<T extends object>({
  itemLabel,
  rows,
  columns,
  newRow,
  onChange,
  isReadOnly = false,
}: RowsEditorProps<T>) {
  const update = (index: number, field: keyof T, value: string) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));

  const remove = async (index: number) => {
    const row = rows[index];
    const firstField = columns[0]?.field;
    const first = row && firstField ? String(row[firstField] ?? '') : '';
    const isSure =
      first === '' ||
      (await popup.confirm({
        title: `Delete ${itemLabel.toLowerCase()}?`,
        text: `Are you sure you want to delete the ${itemLabel.toLowerCase()} ${first}?`,
        actionText: 'Delete',
        isDanger: true,
      }));
    if (isSure) onChange(rows.filter((_, i) => i !== index));
  };

  return (
    <div className="rows-editor" style={{ '--rows-columns': columns.length } as CSSProperties}>
      {rows.length > 0 && (
        <div className="rows-editor__head" aria-hidden="true">
          {columns.map((column) => (
            <span key={column.field}>{column.label}</span>
          ))}
        </div>
      )}
      {rows.map((row, index) => (
        // Rows have no id of their own; their place is their identity while editing.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div className="rows-editor__row" key={index}>
          {columns.map((column) => {
            const label = `${itemLabel} ${index + 1} ${column.label.toLowerCase()}`;
            const value = String(row[column.field] ?? '');
            return column.options ? (
              <select
                key={column.field}
                className="input select"
                aria-label={label}
                value={value}
                disabled={isReadOnly}
                onChange={(event) => update(index, column.field, event.target.value)}
              >
                {column.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                key={column.field}
                className={column.isMonospace ? 'input rows-editor__mono' : 'input'}
                aria-label={label}
                placeholder={column.placeholder}
                value={value}
                readOnly={isReadOnly}
                onChange={(event) => update(index, column.field, event.target.value)}
              />
            );
          })}
          {!isReadOnly && (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Delete ${itemLabel.toLowerCase()} ${index + 1}`}
              icon={<TrashIcon />}
              onClick={() => void remove(index)}
            />
          )}
        </div>
      ))}
      {!isReadOnly && (
        <Button
          size="sm"
          variant="secondary"
          icon={<PlusIcon />}
          onClick={() => onChange([...rows, newRow()])}
        >
          Add {itemLabel.toLowerCase()}
        </Button>
      )}
    </div>
  );
}
