import type { FunctionView } from '@parley/contracts';
import { type Call, expectStatus } from './admin-world';

/** The functions base path of a bot (spec 02 section 7 'Functions'). */
export const functionsPath = (bot: string) => `/api/bots/${encodeURIComponent(bot)}/functions`;

/** A function's own path. */
export const functionPath = (bot: string, name: string) =>
  `${functionsPath(bot)}/${encodeURIComponent(name)}`;

export async function listFunctions(call: Call, bot: string): Promise<FunctionView[]> {
  return expectStatus(await call('GET', functionsPath(bot)), 200).json() as FunctionView[];
}

export async function functionNames(call: Call, bot: string): Promise<string[]> {
  return (await listFunctions(call, bot)).map((f) => f.name);
}

/** Creates a function and answers it. */
export async function createFunction(
  call: Call,
  bot: string,
  body: Record<string, unknown>,
): Promise<FunctionView> {
  return expectStatus(await call('POST', functionsPath(bot), body), 200).json() as FunctionView;
}

/** The answer's function_error as [message, details, functionType], from the 422 Run Function gives. */
export function runFailure(response: { statusCode: number; body: string; json(): unknown }): {
  message: string;
  details: string;
  functionType: string;
} {
  if (response.statusCode !== 422)
    throw new Error(`expected 422, got ${response.statusCode}: ${response.body}`);
  const body = response.json() as { code: string; message: string; details: string; functionType: string };
  if (body.code !== 'function_error') throw new Error(`expected function_error: ${response.body}`);
  return { message: body.message, details: body.details, functionType: body.functionType };
}
