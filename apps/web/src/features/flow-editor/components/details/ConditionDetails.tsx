import { DECISION_OPERATIONS } from '@parley/flows/blocks';
import { Select } from '../../../../ui';
import { type DetailsContext, dataOf, patchAll } from './details-context';

/**
 * A condition (exclusive gateway, spec 03 section 3.5): the variable and the operation. Changing
 * the operation relabels its arrows (the canvas's label behaviour); a variable no longer
 * available reads as none chosen (section 4.4).
 */
export function ConditionDetails({ context }: { context: DetailsContext }) {
  const data = Object.values(dataOf(context))[0] ?? {};
  const isDisabled = !context.rights.canEditTexts;
  const variable =
    typeof data.condition === 'string' && context.variables.includes(data.condition) ? data.condition : '';
  return (
    <>
      <Select
        label="Variable"
        value={variable}
        placeholder="Choose a variable"
        disabled={isDisabled}
        options={context.variables.map((name) => ({ value: name, label: name }))}
        onChange={(event) => patchAll(context, { condition: event.target.value })}
      />
      <Select
        label="Operation"
        value={data.operation === null || data.operation === undefined ? '' : String(data.operation)}
        placeholder="Choose an operation"
        disabled={isDisabled}
        options={DECISION_OPERATIONS.map((operation) => ({
          value: String(operation.id),
          label: operation.name,
        }))}
        onChange={(event) =>
          patchAll(context, { operation: event.target.value === '' ? null : Number(event.target.value) })
        }
      />
      <p className="flow-details__hint">
        Each arrow leaving this condition says when it is taken: select an arrow to set it.
      </p>
    </>
  );
}
