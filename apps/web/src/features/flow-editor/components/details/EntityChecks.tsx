import type { EntityCheck } from '@parley/flows/blocks';
import { Button } from '../../../../ui';
import { canAddEntityCheck, entityChoices } from '../../connector-choices';

interface EntityChecksProps {
  label: string;
  value: unknown;
  onChange: (rows: EntityCheck[]) => void;
  isDisabled: boolean;
  /** The bot's entities a check can ask for (simple entities cannot). */
  entityNames: readonly string[];
}

const rowsOf = (value: unknown): EntityCheck[] =>
  Array.isArray(value)
    ? value.map((row) => ({ entity: String(row?.entity ?? ''), message: String(row?.message ?? '') }))
    : [];

/**
 * A multiple entity check's rows (spec 03 section 5): each entity once per block, with the message
 * that asks for it; rows are added while fewer than the available entities and fewer than 10 are
 * chosen.
 */
export function EntityChecks({ label, value, onChange, isDisabled, entityNames }: EntityChecksProps) {
  const rows = rowsOf(value);
  const chosen = rows.map((row) => row.entity);
  const update = (index: number, patch: Partial<EntityCheck>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return (
    <fieldset className="flow-details__rows">
      <legend>{label}</legend>
      {entityNames.length === 0 && (
        <p className="flow-details__hint">
          This bot has no entities to check yet: a multiple entity check does not work with simple entities.
        </p>
      )}
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
        <div key={index} className="flow-details__entity-check">
          <select
            aria-label={`Entity ${index + 1}`}
            value={row.entity}
            disabled={isDisabled}
            onChange={(event) => update(index, { entity: event.target.value })}
          >
            <option value="">Choose an entity</option>
            {entityChoices(entityNames, chosen, index).map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
            {row.entity !== '' && !entityNames.includes(row.entity) && (
              <option value={row.entity}>{row.entity} (not available)</option>
            )}
          </select>
          <input
            aria-label={`Message when entity ${index + 1} is missing`}
            placeholder="Message when missing"
            value={row.message}
            disabled={isDisabled}
            onChange={(event) => update(index, { message: event.target.value })}
          />
          <button
            type="button"
            className="flow-details__remove"
            aria-label={`Remove entity ${index + 1}`}
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
        disabled={isDisabled || !canAddEntityCheck(entityNames, rows.length)}
        onClick={() => onChange([...rows, { entity: '', message: '' }])}
      >
        Add an entity
      </Button>
    </fieldset>
  );
}
