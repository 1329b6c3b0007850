import {
  DEFAULT_FUNCTION_TYPE,
  DEFAULT_REST_METHOD,
  type FunctionType,
  type FunctionView,
  isValidFunctionName,
  FUNCTION_MESSAGES as M,
  REST_METHODS_WITHOUT_BODY,
  type RestBodyType,
  type RestMethod,
  type StorageType,
} from '@parley/contracts';
import type { FunctionRequest } from './api/functions-api';

export interface KeyValueRow {
  key: string;
  value: string;
}

export interface InputRow {
  name: string;
  defaultValue: string;
}

export interface OutputRow {
  variableName: string;
  propertyPath: string;
}

export interface StorageRow {
  name: string;
  storageType: StorageType;
  key: string;
}

/**
 * A function while it is edited: every type's fields at once, so the creation modal can move
 * between its type tabs without losing what was typed. `requestOf` sends the type's own.
 */
export interface FunctionDraft {
  type: FunctionType;
  name: string;
  description: string;
  group: string;
  isGlobal: boolean;
  inputs: InputRow[];
  outputs: OutputRow[];
  method: RestMethod;
  url: string;
  headers: KeyValueRow[];
  bodyType: RestBodyType;
  body: string;
  formData: KeyValueRow[];
  connectionString: string;
  sqlCommand: string;
  code: string;
  json: string;
  skipUserInput: boolean;
  variables: StorageRow[];
  event: string;
  /** Fields of types this screen does not edit (an LLM function's), sent back as they came. */
  other: Record<string, unknown>;
}

export function emptyDraft(type: FunctionType = DEFAULT_FUNCTION_TYPE): FunctionDraft {
  return {
    type,
    name: '',
    description: '',
    group: '',
    isGlobal: false,
    inputs: [],
    outputs: [],
    method: DEFAULT_REST_METHOD,
    url: '',
    headers: [],
    bodyType: 'raw',
    body: '',
    formData: [],
    connectionString: '',
    sqlCommand: '',
    code: '',
    json: '',
    skipUserInput: false,
    variables: [],
    event: '',
    other: {},
  };
}

/** A listed function as a draft. */
export function draftOf(fn: FunctionView): FunctionDraft {
  const draft = emptyDraft(fn.type);
  const known = new Set(Object.keys(draft));
  const other: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fn)) {
    if (!known.has(key) && !['botId', 'isPrebuilt', 'language'].includes(key)) other[key] = value;
  }
  return { ...draft, ...(fn as Partial<FunctionDraft>), other };
}

/** The request body of a draft: the common fields and its type's own. */
export function requestOf(draft: FunctionDraft): FunctionRequest {
  const common = {
    name: draft.name.trim(),
    description: draft.description,
    group: draft.group,
    isGlobal: draft.isGlobal,
    inputs: draft.inputs,
    outputs: draft.outputs,
  };
  switch (draft.type) {
    case 'rest':
      return {
        ...common,
        type: 'rest',
        method: draft.method,
        url: draft.url,
        headers: draft.headers,
        bodyType: draft.bodyType,
        // GET and DELETE send no body (spec 02 section 5): none is kept for them either.
        body: hasBody(draft.method) ? draft.body : '',
        formData: hasBody(draft.method) ? draft.formData : [],
      };
    case 'sql':
      return {
        ...common,
        type: 'sql',
        connectionString: draft.connectionString,
        sqlCommand: draft.sqlCommand,
      };
    case 'code':
      return { ...common, type: 'code', language: 'JS', code: draft.code };
    case 'adaptiveCard':
      return { ...common, type: 'adaptiveCard', json: draft.json, skipUserInput: draft.skipUserInput };
    case 'captureStorage':
      return { ...common, type: 'captureStorage', variables: draft.variables };
    case 'sendEvent':
      return { ...common, type: 'sendEvent', event: draft.event };
    case 'flow':
      return { ...common, type: 'flow' };
    case 'llm':
      return { ...draft.other, ...common, type: 'llm' };
  }
}

export const hasBody = (method: RestMethod) => !REST_METHODS_WITHOUT_BODY.includes(method);

/** The rules the browser checks before sending (the server checks them again). */
export function draftProblem(draft: FunctionDraft): { field: string; message: string } | undefined {
  if (!isValidFunctionName(draft.name)) return { field: 'name', message: M.invalidName };
  if (draft.type === 'rest' && draft.url.trim() === '') return { field: 'url', message: M.apiPathRequired };
  const seen = new Set<string>();
  for (const input of draft.inputs) {
    const name = input.name.trim();
    if (name === '') continue;
    if (seen.has(name)) return { field: 'inputs', message: M.duplicateInput(name) };
    seen.add(name);
  }
  return undefined;
}

/** Whether two drafts would send the same function (unsaved changes). */
export const isSameDraft = (a: FunctionDraft, b: FunctionDraft) =>
  JSON.stringify(requestOf(a)) === JSON.stringify(requestOf(b));
