import type { BlockData, DecisionOperation } from '@parley/flows/blocks';
import { Select, TextField } from '../../../../ui';
import { operatorFieldView } from './operator-fields';

interface ConnectorFieldsProps {
  operation: DecisionOperation;
  data: BlockData;
  onChange: (data: BlockData) => void;
  isDisabled: boolean;
  /** Variables to compare with; the condition's own variable is left out (spec 03 section 5). */
  variables: readonly string[];
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The decision operation's fields of one connector (or of a validation block's nested one). */
export function ConnectorFields({ operation, data, onChange, isDisabled, variables }: ConnectorFieldsProps) {
  const set = (key: string, value: unknown) => onChange({ ...data, [key]: value });
  return (
    <>
      {operation.fields.map((key) => {
        const view = operatorFieldView(key);
        switch (view.kind) {
          case 'choice':
            return (
              <Select
                key={key}
                label={view.label}
                value={text(data[key])}
                placeholder="Choose"
                disabled={isDisabled}
                options={[...view.options]}
                onChange={(event) => set(key, event.target.value === 'null' ? null : event.target.value)}
              />
            );
          case 'variable':
            return (
              <Select
                key={key}
                label={view.label}
                value={text(data[key])}
                placeholder="Choose a variable"
                disabled={isDisabled}
                options={variables.map((name) => ({ value: name, label: name }))}
                onChange={(event) => set(key, event.target.value)}
              />
            );
          case 'rows': {
            const rows = Array.isArray(data[key]) ? (data[key] as Record<string, unknown>[]) : [];
            const update = (next: Record<string, unknown>[]) => set(key, next);
            return (
              <fieldset key={key} className="flow-details__rows">
                <legend>{view.label}</legend>
                {rows.map((row, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
                  <div key={index} className="flow-details__row">
                    {view.columns.map((column) => (
                      <input
                        key={column}
                        aria-label={`${column} ${index + 1}`}
                        placeholder={column}
                        list={view.choices?.[column] ? `${key}-${column}` : undefined}
                        value={text(row[column])}
                        disabled={isDisabled}
                        onChange={(event) =>
                          update(
                            rows.map((r, at) => (at === index ? { ...r, [column]: event.target.value } : r)),
                          )
                        }
                      />
                    ))}
                    <button
                      type="button"
                      className="flow-details__remove"
                      aria-label={`Remove ${index + 1}`}
                      disabled={isDisabled}
                      onClick={() => update(rows.filter((_, at) => at !== index))}
                    >
                      ×
                    </button>
                  </div>
                ))}
                {Object.entries(view.choices ?? {}).map(([column, values]) => (
                  <datalist key={column} id={`${key}-${column}`}>
                    {values.map((value) => (
                      <option key={value} value={value} />
                    ))}
                  </datalist>
                ))}
                <button
                  type="button"
                  className="flow-details__add"
                  disabled={isDisabled}
                  onClick={() => update([...rows, Object.fromEntries(view.columns.map((c) => [c, '']))])}
                >
                  Add
                </button>
              </fieldset>
            );
          }
          default:
            return (
              <TextField
                key={key}
                label={view.label}
                value={text(data[key])}
                disabled={isDisabled}
                onChange={(event) => set(key, event.target.value)}
              />
            );
        }
      })}
    </>
  );
}
