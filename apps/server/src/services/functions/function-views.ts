import type { FunctionDefinition, FunctionType, FunctionView } from '@parley/contracts';
import type { FunctionRecord, NewFunction } from '@parley/db';
import { maskSecrets } from './function-secrets';

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

/** A stored function as the browser sees it: its secrets masked (they are write-only). */
export function toFunctionView(record: FunctionRecord): FunctionView {
  return {
    ...maskSecrets(definitionOf(record)),
    botId: record.homeBotId,
    isGlobal: record.isGlobal,
    isPrebuilt: false,
  };
}

/**
 * A function as the list answers it to a caller who may not manage its type: what the flow
 * editor needs to call it (name, inputs, outputs), not its definition.
 */
export function toSignatureView(record: FunctionRecord): FunctionView {
  const { type, name, description, group, isGlobal } = record;
  const { inputs, outputs } = definitionOf(record);
  return {
    ...DEFINITION_DEFAULTS[type as FunctionType],
    type,
    name,
    description,
    group,
    isGlobal,
    inputs,
    outputs,
    botId: record.homeBotId,
    isPrebuilt: false,
    isDefinitionHidden: true,
  } as FunctionView;
}

/** Each type's fields when empty: a hidden definition keeps its shape, not its content. */
const DEFINITION_DEFAULTS: Record<FunctionType, Record<string, unknown>> = {
  sql: { connectionString: '', sqlCommand: '' },
  rest: { method: 'get', url: '', headers: [], bodyType: 'raw', body: '', formData: [] },
  adaptiveCard: { json: '', skipUserInput: false },
  flow: {},
  code: { language: 'JS', code: '' },
  captureStorage: { variables: [] },
  sendEvent: { event: '' },
  llm: { model: null, engine: null, completionsData: { stop: [] } },
};

/** A checked definition as the repository stores it: common columns apart, the rest as JSON. */
export function toNewFunction(definition: FunctionDefinition): NewFunction {
  const { name, type, description, group, isGlobal, ...fields } = definition;
  return { name, type, description, group, isGlobal, fields };
}
