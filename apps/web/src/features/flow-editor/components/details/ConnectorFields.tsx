import {
  type BlockData,
  type DecisionOperation,
  SIMILARITY_DEFAULT,
  SIMILARITY_MAX,
  SIMILARITY_MIN,
} from '@parley/flows/blocks';
import { Select, TextField } from '../../../../ui';
import { type ChannelChoice, CONDITION_CHANNELS, clampSimilarity } from '../../connector-choices';
import { operatorFieldView } from './operator-fields';

interface ConnectorFieldsProps {
  operation: DecisionOperation;
  data: BlockData;
  onChange: (data: BlockData) => void;
  isDisabled: boolean;
  /** Variables to compare with; the condition's own variable is left out (spec 03 section 5). */
  variables: readonly string[];
  /** Which channel: the channels this arrow may name (sibling arrows' ones left out). */
  channels?: readonly ChannelChoice[];
  /** Is canonical: closed-list entities only (spec 03 section 5). */
  closedListEntityNames?: readonly string[];
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The decision operation's fields of one connector (or of a validation block's nested one). */
export function ConnectorFields({
  operation,
  data,
  onChange,
  isDisabled,
  variables,
  channels = CONDITION_CHANNELS,
  closedListEntityNames = [],
}: ConnectorFieldsProps) {
  const set = (key: string, value: unknown) => onChange({ ...data, [key]: value });
  /** A stored value no longer offered stays shown, so the choice does not silently change. */
  const withCurrent = (options: Array<{ value: string; label: string }>, current: string) =>
    current === '' || options.some((option) => option.value === current)
      ? options
      : [...options, { value: current, label: `${current} (not available)` }];
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
          case 'hidden':
            return null;
          case 'channel': {
            const current = text(data.channelId);
            return (
              <Select
                key={key}
                label={view.label}
                value={current}
                placeholder="Choose a channel"
                disabled={isDisabled}
                options={withCurrent(
                  channels.map((channel) => ({ value: channel.id, label: channel.name })),
                  current,
                )}
                onChange={(event) => {
                  const channel = CONDITION_CHANNELS.find((entry) => entry.id === event.target.value);
                  onChange({ ...data, channelId: event.target.value, channelName: channel?.name ?? '' });
                }}
              />
            );
          }
          case 'closedListEntity': {
            const current = text(data[key]);
            return (
              <Select
                key={key}
                label={view.label}
                value={current}
                placeholder={
                  closedListEntityNames.length === 0 ? 'This bot has no closed lists' : 'Choose an entity'
                }
                disabled={isDisabled}
                options={withCurrent(
                  closedListEntityNames.map((name) => ({ value: name, label: name })),
                  current,
                )}
                onChange={(event) => set(key, event.target.value)}
              />
            );
          }
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
                    {view.columns.map((column) => {
                      const isSimilarity = column === view.similarityColumn;
                      const setCell = (value: unknown) =>
                        update(rows.map((r, at) => (at === index ? { ...r, [column]: value } : r)));
                      return (
                        <input
                          key={column}
                          aria-label={`${column} ${index + 1}`}
                          placeholder={column}
                          list={view.choices?.[column] ? `${key}-${column}` : undefined}
                          value={text(row[column])}
                          disabled={isDisabled}
                          {...(isSimilarity
                            ? { type: 'number', min: SIMILARITY_MIN, max: SIMILARITY_MAX, step: 1 }
                            : {})}
                          onChange={(event) => setCell(event.target.value)}
                          // A similarity is kept within 20-100 once typed (typing '5' on the way to '50' is fine).
                          onBlur={(event) => {
                            const clamped = clampSimilarity(event.target.value);
                            if (isSimilarity && row[column] !== clamped) setCell(clamped);
                          }}
                        />
                      );
                    })}
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
                  onClick={() =>
                    update([
                      ...rows,
                      Object.fromEntries(
                        view.columns.map((c) => [c, c === view.similarityColumn ? SIMILARITY_DEFAULT : '']),
                      ),
                    ])
                  }
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
