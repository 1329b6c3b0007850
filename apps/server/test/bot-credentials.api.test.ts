import { BOT_BUNDLE_MESSAGES, FUNCTION_SECRET_MASK as MASK } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectStatus } from './support/admin-world';
import { exportBotFile, importUrl, openBotFile, STAGING_URL, uploadBotFile } from './support/bot-bundles';
import { buildContentWorld, type ContentWorld, refusal } from './support/bot-content';
import { botPath } from './support/bots';
import { testDatabases } from './support/databases';
import { createFunction, listFunctions } from './support/functions';
import { startTestServer, type TestServer } from './support/test-server';

const BOT = 'Vault Bot';
const PASSPHRASE = 'a long enough passphrase';
const CONNECTION = 'postgres://shop:s3cret-pw@db.example.com:5432/shop';

/**
 * Issue 9: exports carried functions' credentials readable by anyone (the bundle key is shared by
 * design). They leave an installation only sealed with a passphrase the user sets; otherwise they
 * are left out and the import names the functions that need them again.
 */
describe.each(testDatabases())("functions' credentials in bot files on %s", (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  const token = () => w.world.tenantAdmin.token;
  const importFile = (name: string, file: Buffer, fields: Record<string, string> = {}) =>
    uploadBotFile(
      server,
      token(),
      importUrl({ name, region: 'eu-west', recognizer: 'parley', language: 'en', nluAutomate: false }),
      file,
      'bot-Vault.enc',
      fields,
    );
  const connectionOf = async (bot: string) => {
    const scope = server.ctx.repos.forTenant(w.world.tenantB);
    const found = await scope.bots.get(bot);
    const fn = await scope.functions(found?.id ?? '').get('Orders');
    return fn?.fields.connectionString;
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server, BOT);
    await createFunction(w.admin, BOT, {
      type: 'sql',
      name: 'Orders',
      connectionString: CONNECTION,
      sqlCommand: 'SELECT 1',
    });
    await createFunction(w.admin, BOT, {
      type: 'rest',
      name: 'Weather',
      url: 'https://api.example.com/weather',
      headers: [{ key: 'Authorization', value: 'Bearer tok-123' }],
    });
    await createFunction(w.admin, BOT, { type: 'code', name: 'Format', code: 'return 1;' });
  });
  afterAll(() => server?.close());

  test('Export Bot leaves credentials out and says which functions had them', async () => {
    const opened = openBotFile(await exportBotFile(w.admin, BOT));
    const text = JSON.stringify(opened);
    expect(text).not.toMatch(/s3cret-pw|tok-123/);
    expect(text).toContain('db.example.com:5432/shop');
    expect(opened.credentials).toEqual({ state: 'left-out', functions: ['Orders', 'Weather'] });
  });

  test('the import of such a file names the functions that need their credentials again', async () => {
    const file = await exportBotFile(w.admin, BOT);
    const staged = expectStatus(await uploadBotFile(server, token(), STAGING_URL, file), 200).json();
    expect(staged.credentials).toEqual({ state: 'left-out', functions: ['Orders', 'Weather'] });
    const imported = expectStatus(await importFile('Vault Copy', file), 200).json();
    expect(imported.functionsNeedingCredentials).toEqual(['Orders', 'Weather']);
    expect(await connectionOf('Vault Copy')).toBe('postgres://shop:@db.example.com:5432/shop');
  });

  test('with a passphrase the credentials are sealed in, and the same passphrase brings them back', async () => {
    const file = await exportBotFile(w.admin, BOT, PASSPHRASE);
    const opened = openBotFile(file);
    expect(JSON.stringify(opened)).not.toMatch(/s3cret-pw|tok-123/);
    expect(opened.credentials).toMatchObject({ state: 'sealed', functions: ['Orders', 'Weather'] });

    const staged = expectStatus(await uploadBotFile(server, token(), STAGING_URL, file), 200).json();
    expect(staged.credentials).toEqual({ state: 'sealed', functions: ['Orders', 'Weather'] });

    const refused = await importFile('Vault Sealed', file, { passphrase: 'not the passphrase' });
    expect(refusal(refused)).toEqual(['passphrase', BOT_BUNDLE_MESSAGES.wrongPassphrase]);
    expect(expectStatus(await w.admin('GET', botPath('Vault Sealed')), 404)).toBeTruthy();

    const imported = expectStatus(
      await importFile('Vault Sealed', file, { passphrase: PASSPHRASE }),
      200,
    ).json();
    expect(imported.functionsNeedingCredentials).toEqual([]);
    expect(await connectionOf('Vault Sealed')).toBe(CONNECTION);
    const weather = (await listFunctions(w.admin, 'Vault Sealed')).find((fn) => fn.name === 'Weather');
    expect(weather).toMatchObject({ headers: [{ key: 'Authorization', value: MASK }] });
  });

  test('a sealed file imported without the passphrase arrives without credentials, naming the functions', async () => {
    const file = await exportBotFile(w.admin, BOT, PASSPHRASE);
    const imported = expectStatus(await importFile('Vault Unopened', file), 200).json();
    expect(imported.functionsNeedingCredentials).toEqual(['Orders', 'Weather']);
    expect(await connectionOf('Vault Unopened')).toBe('postgres://shop:@db.example.com:5432/shop');
  });

  test('a short passphrase is refused on export and import', async () => {
    const response = await w.admin('POST', `${botPath(BOT)}/export`, { passphrase: 'short' });
    expect(refusal(response)).toEqual(['passphrase', BOT_BUNDLE_MESSAGES.passphraseTooShort]);
    const file = await exportBotFile(w.admin, BOT);
    expect(refusal(await importFile('Vault Short', file, { passphrase: 'short' }))).toEqual([
      'passphrase',
      BOT_BUNDLE_MESSAGES.passphraseTooShort,
    ]);
  });
});
