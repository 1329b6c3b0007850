import { functionDefinitionSchema } from '@parley/contracts';
import { expect } from 'vitest';
import { FunctionRunError } from '../function-run-error';

/** An SQL function as the author would save it. */
export const sqlFunction = (
  connectionString: string,
  sqlCommand: string,
  inputs: Array<{ name: string; defaultValue?: string }> = [],
  outputs: Array<{ variableName: string; propertyPath: string }> = [],
) =>
  functionDefinitionSchema.parse({
    type: 'sql',
    name: 'query',
    connectionString,
    sqlCommand,
    inputs,
    outputs,
  });

export async function failureOf(promise: Promise<unknown>): Promise<FunctionRunError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FunctionRunError);
  return error as FunctionRunError;
}

export const uniqueTableName = () =>
  `parley_fn_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
