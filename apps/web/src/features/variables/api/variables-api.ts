import type { VariablesAndObjects } from '@parley/contracts';
import { api } from '../../../api/client';
import { botApiPath } from '../../bots';

/** A property as the Edit Object modal sends it. */
export interface PropertyDraft {
  key: string;
  value: string;
  isSystem?: boolean;
}

export const fetchVariablesAndObjects = (botName: string, signal?: AbortSignal) =>
  api.get<VariablesAndObjects>(`${botApiPath(botName)}/variables/all`, signal);

/** Adds or changes variables; the answer is everything the bot sees afterwards. */
export const saveVariables = (
  botName: string,
  variables: Array<{ key: string; value: string; isGlobal?: boolean }>,
) => api.put<VariablesAndObjects>(`${botApiPath(botName)}/variables`, { variables });

/** Adds an object or replaces its properties, in the spec's shape `{name, properties: {variables}}`. */
export const saveObject = (
  botName: string,
  name: string,
  properties: readonly PropertyDraft[],
  isGlobal?: boolean,
) =>
  api.put<VariablesAndObjects>(`${botApiPath(botName)}/objects`, {
    name,
    // Keys by position: the server reads each entry's own key, so the order and any repeat survive.
    properties: { variables: Object.fromEntries(properties.map((p, index) => [`${index}`, p])) },
    ...(isGlobal === undefined ? {} : { isGlobal }),
  });

const itemPath = (botName: string, kind: 'variables' | 'objects', name: string, isGlobal: boolean) =>
  `${botApiPath(botName)}/${kind}/${encodeURIComponent(name)}/${isGlobal}`;

export const deleteVariable = (botName: string, name: string, isGlobal: boolean) =>
  api.delete(itemPath(botName, 'variables', name, isGlobal));

export const deleteObject = (botName: string, name: string, isGlobal: boolean) =>
  api.delete(itemPath(botName, 'objects', name, isGlobal));
