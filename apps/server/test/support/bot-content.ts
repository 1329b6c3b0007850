import type { IntentView } from '@parley/contracts';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import {
  type AdminWorld,
  addUser,
  as,
  buildAdminWorld,
  type Call,
  expectStatus,
  USER_PASSWORD,
} from './admin-world';
import { createBot } from './bots';
import type { TestServer } from './test-server';

/**
 * Tenant B's cast around one bot: Bea (account administrator), Pat (a plain user with the
 * Designer role on the bot) and Nora (a plain user of the tenant with no role on it).
 */
export interface ContentWorld {
  world: AdminWorld;
  botName: string;
  admin: Call;
  designer: Call;
  stranger: Call;
  /** Uploads a file as a multipart form field, as one of the cast. */
  upload(
    caller: 'admin' | 'designer' | 'stranger',
    url: string,
    field: string,
    fileName: string,
    data: Buffer | string,
  ): Promise<LightMyRequestResponse>;
}

export const DESIGNER_ROLE = 1;

export async function buildContentWorld(server: TestServer, botName = 'Content Bot'): Promise<ContentWorld> {
  return contentWorldIn(server, await buildAdminWorld(server), botName, 'nora.norole@example.com');
}

/**
 * The content cast in an admin world's tenant B: the bot, its plain user as the bot's Designer,
 * and a user with no role on it (`strangerEmail`).
 */
export async function contentWorldIn(
  server: TestServer,
  world: AdminWorld,
  botName: string,
  strangerEmail: string,
): Promise<ContentWorld> {
  const admin = as(server, world.tenantAdmin);
  await createBot(admin, botName);
  expectStatus(
    await admin('POST', '/api/user/role', { userEmail: world.plainUser.email, botName, role: DESIGNER_ROLE }),
    200,
  );
  await addUser(server, world.tenantAdmin, strangerEmail, 'Nora_Norole');
  const strangerToken = (await server.login(strangerEmail, USER_PASSWORD)).token;
  const tokens = { admin: world.tenantAdmin.token, designer: world.plainUser.token, stranger: strangerToken };
  return {
    world,
    botName,
    admin,
    designer: as(server, world.plainUser),
    stranger: as(server, strangerToken),
    upload: (caller, url, field, fileName, data) => {
      const { payload, contentType } = multipartBody(field, fileName, data);
      return server.request({
        method: 'POST',
        url,
        token: tokens[caller],
        body: payload,
        headers: { 'content-type': contentType },
      });
    },
  };
}

/** A multipart/form-data body with one file. */
export function multipartBody(
  field: string,
  fileName: string,
  data: Buffer | string,
  textFields: Record<string, string> = {},
): { payload: Buffer; contentType: string } {
  const boundary = `----parley${Math.random().toString(16).slice(2)}`;
  // Text fields go first, as a browser's FormData sends them when appended before the file.
  const texts = Object.entries(textFields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const head = Buffer.from(
    `${texts}--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, typeof data === 'string' ? Buffer.from(data) : data, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export const intentsPath = (bot: string) => `/api/${encodeURIComponent(bot)}/intents`;
export const entitiesPath = (bot: string) => `/api/${encodeURIComponent(bot)}/entities`;

export async function listIntents(call: Call, bot: string): Promise<IntentView[]> {
  return expectStatus(await call('GET', intentsPath(bot)), 200).json() as IntentView[];
}

export async function intentNamed(call: Call, bot: string, name: string): Promise<IntentView | undefined> {
  return (await listIntents(call, bot)).find((i) => i.name === name);
}

/** Creates an intent and answers it. */
export async function createIntent(
  call: Call,
  bot: string,
  body: Record<string, unknown>,
): Promise<IntentView> {
  return expectStatus(await call('POST', intentsPath(bot), body), 200).json() as IntentView;
}

export async function createEntity(call: Call, bot: string, body: Record<string, unknown>) {
  return expectStatus(await call('POST', entitiesPath(bot), body), 200).json();
}

/** The answer's 400 validation_error as [fieldName, message]. */
export function refusal(response: LightMyRequestResponse): [string, string] {
  if (response.statusCode !== 400)
    throw new Error(`expected 400, got ${response.statusCode}: ${response.body}`);
  const body = response.json() as { code: string; fieldName: string; message: string };
  if (body.code !== 'validation_error') throw new Error(`expected validation_error: ${response.body}`);
  return [body.fieldName, body.message];
}

/** Is the bot published? */
export async function isPublished(call: Call, botName: string): Promise<boolean> {
  return expectStatus(await call('GET', `/api/bots/${encodeURIComponent(botName)}`), 200).json().isPublished;
}

/** Marks the bot published directly (publishing comes with the NLU issue), to see an edit undo it. */
export async function markPublished(server: TestServer, world: AdminWorld, botName: string): Promise<void> {
  const scope = server.ctx.repos.forTenant(world.tenantB);
  const bot = await scope.bots.get(botName);
  if (!bot) throw new Error(`no bot ${botName}`);
  await scope.bots.update(bot.id, { isPublished: true });
}

/** An .xlsx workbook whose first sheet holds the rows given (the first row is the header). */
export async function workbook(rows: ReadonlyArray<ReadonlyArray<string | number>>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Intents');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await book.xlsx.writeBuffer());
}
