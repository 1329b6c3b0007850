import {
  VARIABLE_MESSAGES as M,
  type VariablesAndObjects,
  variableNameKey,
  variableNameProblem,
} from '@parley/contracts';

/**
 * The checks the page can make before asking the server: the name's own rule, then the shared
 * namespace of the variables and objects it shows. Entities and functions are the server's to check.
 */
export function newNameProblem(data: VariablesAndObjects, name: string): string | undefined {
  const problem = variableNameProblem(name);
  if (problem) return problem;
  const key = variableNameKey(name);
  const names = [...Object.keys(data.variables), ...Object.keys(data.objects)];
  return names.some((n) => variableNameKey(n) === key) ? M.nameTaken(name.trim()) : undefined;
}

/** Names in a stable, readable order. */
export const sortedNames = (map: Record<string, unknown>): string[] =>
  Object.keys(map).sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
