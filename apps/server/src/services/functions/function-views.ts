import type { FunctionDefinition, FunctionType, FunctionView } from '@parley/contracts';
import type { FunctionRecord, NewFunction } from '@parley/db';

/** A stored function as its definition (what the editor, the runner and files hold). */
export function definitionOf(record: FunctionRecord): FunctionDefinition {
  return {
    ...record.fields,
    type: record.type as FunctionType,
    name: record.name,
    description: record.description,
    group: record.group,
    isGlobal: record.isGlobal,
  } as FunctionDefinition;
}

/** A stored function as the list answers it. */
export function toFunctionView(record: FunctionRecord): FunctionView {
  return { ...definitionOf(record), botId: record.homeBotId, isGlobal: record.isGlobal, isPrebuilt: false };
}

/** A checked definition as the repository stores it: common columns apart, the rest as JSON. */
export function toNewFunction(definition: FunctionDefinition): NewFunction {
  const { name, type, description, group, isGlobal, ...fields } = definition;
  return { name, type, description, group, isGlobal, fields };
}
