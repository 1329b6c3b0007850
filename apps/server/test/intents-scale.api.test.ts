import { INTENT_BATCH_FILE_FIELD } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectStatus } from './support/admin-world';
import {
  buildContentWorld,
  type ContentWorld,
  intentsPath,
  listIntents,
  workbook,
} from './support/bot-content';
import { testDatabases } from './support/databases';
import { startTestServer, type TestServer } from './support/test-server';

const INTENTS = 500;
const UTTERANCES = 50;

/** A bot of 500 intents with 50 utterances each: imported in one workbook, listed in one call. */
describe.each(testDatabases())('a large bot on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server, 'Big Bot');
  });
  afterAll(() => server?.close());

  test('25,000 utterances import from one workbook and all come back in the list', {
    timeout: 120_000,
  }, async () => {
    const rows: string[][] = [['Intent name', 'Utterance']];
    for (let i = 0; i < INTENTS; i++) {
      for (let u = 0; u < UTTERANCES; u++) rows.push([`Intent_${i}`, `utterance ${u} of intent ${i}`]);
    }
    const file = await workbook(rows);
    const imported = expectStatus(
      await w.upload(
        'admin',
        `${intentsPath('Big Bot')}/batch-import`,
        INTENT_BATCH_FILE_FIELD,
        'big.xlsx',
        file,
      ),
      200,
    ).json();
    expect(imported.created).toHaveLength(INTENTS);
    expect(imported.examplesAdded).toBe(INTENTS * UTTERANCES);

    // How fast the list is, is measured by `npm run bench content` (intentList500x50).
    const intents = await listIntents(w.admin, 'Big Bot');
    expect(intents).toHaveLength(INTENTS + 1);
    expect(intents.at(-1)?.name).toBe('None');
    expect(intents.reduce((n, i) => n + i.utterances.length, 0)).toBe(INTENTS * UTTERANCES);
  });
});
