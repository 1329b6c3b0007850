import type { VariablesAndObjects } from '@parley/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { type Call, expectStatus } from './admin-world';

const bot = (name: string) => `/api/${encodeURIComponent(name)}`;

export const variablesPath = (botName: string) => `${bot(botName)}/variables`;
export const objectsPath = (botName: string) => `${bot(botName)}/objects`;
export const variablePath = (botName: string, name: string, isGlobal: boolean | string) =>
  `${variablesPath(botName)}/${encodeURIComponent(name)}/${isGlobal}`;
export const objectPath = (botName: string, name: string, isGlobal: boolean | string) =>
  `${objectsPath(botName)}/${encodeURIComponent(name)}/${isGlobal}`;
export const usagePath = (botName: string) => `${bot(botName)}/statistics/variables`;

/** GET /api/{bot}/variables/all as the caller. */
export async function readAll(call: Call, botName: string): Promise<VariablesAndObjects> {
  return expectStatus(await call('GET', `${variablesPath(botName)}/all`), 200).json() as VariablesAndObjects;
}

export type VariableInput = { key: string; value: string; isGlobal?: boolean };

export const putVariables = (call: Call, botName: string, variables: VariableInput[]) =>
  call('PUT', variablesPath(botName), { variables });

/** A PUT /objects body from `key: value` pairs (or full entries). */
export function objectBody(
  name: string,
  properties: Record<string, string | { key?: string; value: string; isSystem?: boolean }>,
  extra: Record<string, unknown> = {},
) {
  const variables = Object.fromEntries(
    Object.entries(properties).map(([key, p]) => [key, typeof p === 'string' ? { key, value: p } : p]),
  );
  return { name, properties: { variables }, ...extra };
}

export const putObject = (call: Call, botName: string, body: unknown) =>
  call('PUT', objectsPath(botName), body);

/** The answer's code and message, for refusals other than 400. */
export function errorOf(response: LightMyRequestResponse): { status: number; code: string; message: string } {
  const body = response.json() as { code: string; message: string };
  return { status: response.statusCode, code: body.code, message: body.message };
}
