import { type Llm, type LlmDocument, LLM_MESSAGES as M } from '@parley/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { addUser, as, type Call, expectStatus, USER_PASSWORD } from './admin-world';
import { buildContentWorld, type ContentWorld, multipartBody } from './bot-content';
import { pollUntil } from './poll-until';
import type { TestServer } from './test-server';

export const llmPath = (llmId: string) => `/api/llm/${encodeURIComponent(llmId)}`;

/**
 * Tenant B's LLM cast: Bea (account administrator), Max (a custom role with Manage LLMs, 50, on
 * the content bot), Eve (a custom role with Export LLMs, 51, only), Pat (the bot's Designer,
 * neither) and the master administrator, whose selected tenant is another.
 */
export interface LlmWorld extends ContentWorld {
  manager: Call;
  exporter: Call;
  managerToken: string;
  exporterToken: string;
  master: Call;
}

export async function buildLlmWorld(server: TestServer): Promise<LlmWorld> {
  const content = await buildContentWorld(server, 'Llm Bot');
  const admin = content.admin;
  const role = async (roleName: string, permissions: number[]) => {
    const { roleId } = expectStatus(await admin('POST', '/api/tenant/roles', { roleName }), 201).json();
    expectStatus(
      await admin('PUT', '/api/tenant/roles', { roles: [{ roleId, roleName, permissions }] }),
      201,
    );
    return roleId as number;
  };
  const person = async (email: string, name: string, roleId: number) => {
    await addUser(server, content.world.tenantAdmin, email, name);
    expectStatus(
      await admin('POST', '/api/user/role', { userEmail: email, botName: content.botName, role: roleId }),
      200,
    );
    return (await server.login(email, USER_PASSWORD)).token;
  };
  const managerToken = await person(
    'max.manager@example.com',
    'Max_Manager',
    await role('LLM manager', [50]),
  );
  const exporterToken = await person(
    'eve.exporter@example.com',
    'Eve_Exporter',
    await role('LLM exporter', [51]),
  );
  return {
    ...content,
    manager: as(server, managerToken),
    managerToken,
    exporter: as(server, exporterToken),
    exporterToken,
    master: as(server, content.world.master),
  };
}

export async function createLlm(call: Call, body: Record<string, unknown>): Promise<Llm> {
  return expectStatus(await call('POST', '/api/llm/create', body), 200).json() as Llm;
}

export async function readLlm(call: Call, llmId: string): Promise<Llm> {
  return expectStatus(await call('GET', llmPath(llmId)), 200).json() as Llm;
}

/** POST /api/llm/{id}/upload with the file in the form field `file`. */
export function uploadLlmFile(
  server: TestServer,
  token: string,
  llmId: string,
  fileName: string,
  data: Buffer | string,
  field = 'file',
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartBody(field, fileName, data);
  return server.request({
    method: 'POST',
    url: `${llmPath(llmId)}/upload`,
    token,
    body: payload,
    headers: { 'content-type': contentType },
  });
}

export async function uploadedDocument(response: LightMyRequestResponse): Promise<LlmDocument> {
  return expectStatus(response, 200).json() as LlmDocument;
}

/** A topic of the test handbook: its title and the one fact only its paragraph holds. */
export const HANDBOOK_TOPICS: ReadonlyArray<{ title: string; fact: string }> = [
  { title: 'Paid leave', fact: 'Every employee receives 27 days of paid leave per calendar year.' },
  { title: 'Parking', fact: 'The garage under building C offers free parking to staff with a blue badge.' },
  { title: 'Expenses', fact: 'Travel expenses are reimbursed within 14 days after the receipt is filed.' },
  { title: 'Laptops', fact: 'A broken laptop is swapped at the service desk on the second floor.' },
  { title: 'Canteen', fact: 'The canteen serves a vegetarian lunch every Thursday at noon.' },
  { title: 'Remote work', fact: 'Working from home is allowed up to three weekdays each week.' },
  { title: 'Badges', fact: 'A lost access badge is replaced by reception for a fee of 15 euros.' },
  {
    title: 'Training budget',
    fact: 'Each team member may spend 1200 euros a year on courses and conferences.',
  },
  { title: 'Fire drills', fact: 'Fire drills happen twice a year and the assembly point is the north lawn.' },
  { title: 'Bicycles', fact: 'Bicycles are stored in the locked shed behind the east entrance.' },
  { title: 'Pensions', fact: 'The employer adds eight percent of salary to the pension fund.' },
  { title: 'Sick days', fact: 'Sickness must be reported to the manager before ten in the morning.' },
];

/**
 * A plain-text staff handbook: one paragraph per topic, each long enough to be its own passage,
 * so retrieval has to pick the right one.
 */
export function handbookText(): string {
  return HANDBOOK_TOPICS.map(({ title, fact }) => {
    const words = title.toLowerCase();
    const filler = Array.from(
      { length: 14 },
      (_, i) =>
        `Section ${i + 1} on ${words} explains how the ${words} arrangement works for staff in practice.`,
    ).join(' ');
    return `${title}. ${fact} ${filler}`;
  }).join('\n\n');
}

/** Creates an LLM on OpenAI's gpt-4o-mini, uploads the handbook, trains it and waits until it is complete. */
export async function trainedHandbookLlm(
  server: TestServer,
  call: Call,
  token: string,
  llmDisplayName = 'Handbook assistant',
): Promise<Llm> {
  const llm = await createLlm(call, { llmDisplayName, llmProvider: 'openai', model: 'gpt-4o-mini' });
  expectStatus(await uploadLlmFile(server, token, llm.llmId, 'handbook.txt', handbookText()), 200);
  const started = expectStatus(await call('POST', `${llmPath(llm.llmId)}/train`), 200).json();
  expect(started.message).toBe(M.trainStarted);
  return pollUntil(
    'the LLM to be trained',
    () => readLlm(call, llm.llmId),
    (l) => l.isComplete || l.training.state === 'failed',
    { timeoutMs: 60_000 },
  );
}
