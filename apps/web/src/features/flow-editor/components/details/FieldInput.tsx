import type { BlockField, FieldKind, KeyValue, ReplaceRule } from '@parley/flows/blocks';
import { useId } from 'react';
import { Button, Checkbox, Select, TextField } from '../../../../ui';
import { EntityChecks } from './EntityChecks';
import { RichTextInput } from './RichTextInput';

interface FieldInputProps {
  field: BlockField;
  value: unknown;
  onChange: (value: unknown) => void;
  isDisabled: boolean;
  /** Entities a multiple entity check may ask for. */
  entityNames?: readonly string[];
  /** Variables rich texts suggest after '['. */
  variables?: readonly string[];
  /**
   * Draws a file field's upload (the caller knows the block and the bot); without it, the file is
   * only named. Passed in so this registry stays free of API code.
   */
  renderFile?: (label: string, isDisabled: boolean) => React.ReactNode;
}

const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const asList = <T,>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** Rows of an editable list of records: one input per column, add and remove. */
function RecordRows<T extends Record<string, string>>({
  label,
  rows,
  columns,
  empty,
  maxItems,
  isDisabled,
  onChange,
  choices,
}: {
  label: string;
  rows: T[];
  columns: ReadonlyArray<{ key: keyof T & string; label: string }>;
  empty: T;
  maxItems?: number | undefined;
  isDisabled: boolean;
  onChange: (rows: T[]) => void;
  choices?: Partial<Record<keyof T & string, readonly string[]>>;
}) {
  const update = (index: number, key: keyof T, text: string) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, [key]: text } : row)));
  return (
    <fieldset className="flow-details__rows">
      <legend>{label}</legend>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
        <div key={index} className="flow-details__row">
          {columns.map((column) => {
            const options = choices?.[column.key];
            const name = `${column.label} ${index + 1}`;
            return options ? (
              <select
                key={column.key}
                aria-label={name}
                value={row[column.key]}
                disabled={isDisabled}
                onChange={(event) => update(index, column.key, event.target.value)}
              >
                <option value="">{column.label}</option>
                {options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : (
              <input
                key={column.key}
                aria-label={name}
                placeholder={column.label}
                value={row[column.key]}
                disabled={isDisabled}
                onChange={(event) => update(index, column.key, event.target.value)}
              />
            );
          })}
          <button
            type="button"
            className="flow-details__remove"
            aria-label={`Remove ${label} ${index + 1}`}
            disabled={isDisabled}
            onClick={() => onChange(rows.filter((_, at) => at !== index))}
          >
            ×
          </button>
        </div>
      ))}
      <Button
        size="sm"
        variant="secondary"
        disabled={isDisabled || (maxItems !== undefined && rows.length >= maxItems)}
        onClick={() => onChange([...rows, { ...empty }])}
      >
        Add
      </Button>
    </fieldset>
  );
}

type FieldInputFor = (props: FieldInputProps & { id: string }) => React.ReactNode;

/**
 * One input per field kind (packages/flows block-fields.ts), so a new block kind needs no form
 * code: a field kind without an input does not compile.
 */
export const FIELD_INPUTS = {
  boolean: ({ field, value, onChange, isDisabled }) => (
    <Checkbox
      label={field.label}
      checked={value === true || value === 'true'}
      disabled={isDisabled}
      onChange={(event) => onChange(event.target.checked)}
    />
  ),
  choice: ({ field, value, onChange, isDisabled }) => (
    <Select
      label={field.label}
      value={asText(value)}
      disabled={isDisabled}
      options={(field.options ?? []).map((option) => ({ value: option, label: option }))}
      onChange={(event) => onChange(event.target.value)}
    />
  ),
  number: ({ field, value, onChange, isDisabled }) => (
    <TextField
      label={field.unit ? `${field.label} (${field.unit})` : field.label}
      type="number"
      value={asText(value)}
      min={field.min}
      max={field.max}
      disabled={isDisabled}
      onChange={(event) => onChange(event.target.value === '' ? '' : Number(event.target.value))}
    />
  ),
  richText: ({ field, value, onChange, isDisabled, id, variables = [] }) => (
    <RichTextInput
      id={id}
      label={field.label}
      value={asText(value)}
      variables={variables}
      isDisabled={isDisabled}
      onChange={onChange}
    />
  ),
  text: ({ field, value, onChange, isDisabled }) => (
    <TextField
      label={field.label}
      value={asText(value)}
      disabled={isDisabled}
      onChange={(event) => onChange(event.target.value)}
    />
  ),
  list: ({ field, value, onChange, isDisabled }) => (
    <RecordRows
      label={field.label}
      rows={asList<unknown>(value).map((entry) => ({ value: asText(entry) }))}
      columns={[{ key: 'value', label: field.itemName ?? 'Entry' }]}
      empty={{ value: '' }}
      maxItems={field.maxItems}
      isDisabled={isDisabled}
      onChange={(rows) => onChange(rows.map((row) => row.value))}
    />
  ),
  keyValueList: ({ field, value, onChange, isDisabled }) => (
    <RecordRows<{ key: string; value: string }>
      label={field.label}
      rows={asList<KeyValue>(value).map((entry) => ({ key: asText(entry.key), value: asText(entry.value) }))}
      columns={[
        { key: 'key', label: 'Key' },
        { key: 'value', label: 'Value' },
      ]}
      empty={{ key: '', value: '' }}
      isDisabled={isDisabled}
      onChange={onChange}
    />
  ),
  entityList: ({ field, value, onChange, isDisabled, entityNames = [] }) => (
    <EntityChecks
      label={field.label}
      value={value}
      entityNames={entityNames}
      isDisabled={isDisabled}
      onChange={onChange}
    />
  ),
  replaceRules: ({ field, value, onChange, isDisabled }) => (
    <RecordRows<{ find: string; replace: string }>
      label={field.label}
      rows={asList<ReplaceRule>(value).map((entry) => ({
        find: asText(entry.find),
        replace: asText(entry.replace),
      }))}
      columns={[
        { key: 'find', label: 'Find' },
        { key: 'replace', label: 'Replace with' },
      ]}
      empty={{ find: '', replace: '' }}
      isDisabled={isDisabled}
      onChange={onChange}
    />
  ),
  // An uploaded file: uploaded where the block says how; otherwise shown by its name.
  file: ({ field, value, isDisabled, renderFile }) =>
    renderFile ? (
      renderFile(field.label, isDisabled)
    ) : (
      <p className="flow-details__hint">
        {field.label}: {asText(value) || 'none yet'}
      </p>
    ),
  // A validation block's nested connector is edited with its operation (TaskDetails).
  connector: () => null,
} satisfies Record<FieldKind, FieldInputFor>;

/** One declared block field, drawn by its kind. */
export function FieldInput(props: FieldInputProps) {
  const id = useId();
  const Input: FieldInputFor = FIELD_INPUTS[props.field.kind];
  return <Input {...props} id={id} />;
}
