import type { FlowObject, VariablesAndObjects } from '@parley/contracts';
import type { VariableRecord } from '@parley/db';
import type { VariableChange } from './variable-changes';

/**
 * The answer of GET /api/{bot}/variables/all. Maps are built with Object.fromEntries, so a name
 * such as `__proto__` is an ordinary key of the answer.
 */
export function toVariablesAndObjects(records: readonly VariableRecord[]): VariablesAndObjects {
  const variables = records.filter((r) => r.kind === 'variable');
  const objects = records.filter((r) => r.kind === 'object');
  return {
    variables: Object.fromEntries(variables.map((v) => [v.name, v.value])),
    isGlobalVariable: Object.fromEntries(variables.map((v) => [v.name, v.isGlobal])),
    objects: Object.fromEntries(objects.map((o) => [o.name, toFlowObject(o)])),
  };
}

function toFlowObject(object: VariableRecord): FlowObject {
  return {
    isGlobal: object.isGlobal,
    variables: Object.fromEntries(
      object.properties.map((p) => [
        p.key,
        { key: p.key, value: p.value, botId: object.botId, isGlobal: object.isGlobal, isSystem: p.isSystem },
      ]),
    ),
  };
}

/** The answer of every change: everything the bot sees afterwards, read in the same transaction. */
export const currentView = async (change: VariableChange): Promise<VariablesAndObjects> =>
  toVariablesAndObjects(await change.variables.list());
