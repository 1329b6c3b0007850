import { deflateRawSync } from 'node:zlib';
import {
  INTENT_BATCH_MESSAGES as B,
  FAQ_FILE_FIELD,
  fileTooBigMessage,
  INTENT_BATCH_FILE_FIELD,
  INTENT_BATCH_FILE_MAX_BYTES,
  INTENT_BATCH_MAX_ROWS,
  INTENT_MESSAGES as M,
} from '@parley/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectStatus } from './support/admin-world';
import {
  buildContentWorld,
  type ContentWorld,
  createEntity,
  createIntent,
  intentNamed,
  intentsPath,
  isPublished,
  listIntents,
  markPublished,
  refusal,
  workbook,
} from './support/bot-content';
import { testDatabases } from './support/databases';
import { startTestServer, type TestServer } from './support/test-server';

const HEADER = ['Intent name', 'Utterance', 'Description', 'Answer'];

/** A zip whose one entry inflates to `size` bytes of zeros: a tiny upload, a huge expansion. */
function zipBomb(size: number): Buffer {
  const data = deflateRawSync(Buffer.alloc(size), { level: 9 });
  const name = Buffer.from('xl/sharedStrings.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(100, 22); // the archive lies about the size
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(100, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const centralOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

describe.each(testDatabases())('batch import of intents on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  let bot: string;
  const batch = () => `${intentsPath(bot)}/batch-import`;
  const send = (
    data: Buffer | string,
    fileName = 'intents.xlsx',
    field = INTENT_BATCH_FILE_FIELD,
    url = batch(),
  ) => w.upload('admin', url, field, fileName, data);

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server);
    bot = w.botName;
    await createEntity(w.admin, bot, { name: 'Product', type: 'entities', examples: ['laptop'] });
    await createIntent(w.admin, bot, { name: 'Greeting', utterances: ['hello', 'hi'] });
  });
  afterAll(() => server?.close());

  test('the template downloads as a workbook with the four columns', async () => {
    const response = expectStatus(await w.designer('GET', '/api/intents/batch-import/template'), 200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="intents-batch-import-template.xlsx"',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const header = book.worksheets[0]?.getRow(1).values as unknown[];
    expect(header.slice(1)).toEqual(HEADER);
    // The template imports as it is.
    const imported = expectStatus(await send(response.rawPayload), 200).json();
    expect(imported).toEqual({
      created: ['OpeningHours'],
      updated: ['Greeting'],
      examplesAdded: 5,
    });
    expect((await intentNamed(w.admin, bot, 'OpeningHours'))?.type).toBe('faq');
  });

  test('rows create intents and add utterances to existing ones, skipping repeats; patterns are recognised', async () => {
    await markPublished(server, w.world, bot);
    const file = await workbook([
      ['utterance', 'INTENT NAME'],
      ['good evening', 'greeting'],
      ['HELLO', 'Greeting'],
      ['I want a [product]', 'Buy'],
      ['buy something', 'Buy'],
      ['buy something', 'Buy'],
      ['', ''],
      ['what do you cost', 'Price'],
      ['how much is it', 'Price'],
    ]);
    const result = expectStatus(await send(file), 200).json();
    expect(result).toEqual({ created: ['Buy', 'Price'], updated: ['Greeting'], examplesAdded: 5 });
    const buy = await intentNamed(w.admin, bot, 'Buy');
    expect(buy?.patterns.map((p) => p.text)).toEqual(['I want a [Product]']);
    expect(buy?.utterances.map((u) => u.text)).toEqual(['buy something']);
    expect((await intentNamed(w.admin, bot, 'Greeting'))?.utterances.map((u) => u.text)).toContain(
      'good evening',
    );
    expect(await isPublished(w.admin, bot)).toBe(false);
  });

  test.each([
    ['a name with a space', [HEADER, ['Opening hours', 'when do you open']], B.row(2, M.invalidName)],
    [
      'a one-character utterance',
      [HEADER, ['Short', 'k'], ['Short', 'ok then']],
      B.row(2, M.utteranceTooShort),
    ],
    ['a new intent with one utterance', [HEADER, ['Lonely', 'just me']], B.row(2, M.notEnoughExamples)],
    [
      'an intent named like an entity',
      [HEADER, ['product', 'one two'], ['product', 'three four']],
      B.row(2, M.entityNameClash),
    ],
    [
      'two answers for one intent',
      [HEADER, ['Faq1', 'q one', '', 'a1'], ['Faq1', 'q two', '', 'a2']],
      B.differentAnswers('Faq1'),
    ],
    [
      'no Utterance column',
      [
        ['Intent name', 'Text'],
        ['Abc', 'hello'],
      ],
      B.missingColumns,
    ],
    ['only a header', [HEADER], B.noRows],
  ])('a workbook with %s is refused with its row, and nothing changes', async (_case, rows, message) => {
    const before = await listIntents(w.admin, bot);
    expect(refusal(await send(await workbook(rows)))).toEqual([INTENT_BATCH_FILE_FIELD, message]);
    expect(await listIntents(w.admin, bot)).toEqual(before);
  });

  test('a row error after good rows still changes nothing', async () => {
    const before = await listIntents(w.admin, bot);
    const rows = [HEADER, ['Good', 'fine one'], ['Good', 'fine two'], ['Bad-Name', 'oops']];
    expect(refusal(await send(await workbook(rows)))).toEqual([
      INTENT_BATCH_FILE_FIELD,
      B.row(4, M.invalidName),
    ]);
    expect(await listIntents(w.admin, bot)).toEqual(before);
  });

  test('only .xlsx files are taken; malformed, oversized and zip-bomb files are refused clearly', async () => {
    const good = await workbook([HEADER, ['Later', 'one two'], ['Later', 'three four']]);
    expect(refusal(await send(good, 'intents.csv'))).toEqual([
      INTENT_BATCH_FILE_FIELD,
      M.invalidFileExtension,
    ]);
    expect(refusal(await send(good, 'intents.xls'))).toEqual([
      INTENT_BATCH_FILE_FIELD,
      M.invalidFileExtension,
    ]);
    expect(refusal(await send('Intent name,Utterance\nA1,hello'))).toEqual([
      INTENT_BATCH_FILE_FIELD,
      B.notAWorkbook,
    ]);
    expect(refusal(await send(good.subarray(0, good.length - 40)))).toEqual([
      INTENT_BATCH_FILE_FIELD,
      B.notAWorkbook,
    ]);
    const corrupted = Buffer.from(good);
    corrupted.fill(0x41, 200, 400);
    expect(refusal(await send(corrupted))).toEqual([INTENT_BATCH_FILE_FIELD, B.notAWorkbook]);
    const started = Date.now();
    expect(refusal(await send(zipBomb(200 * 1024 * 1024)))).toEqual([INTENT_BATCH_FILE_FIELD, B.tooLarge]);
    expect(Date.now() - started).toBeLessThan(5000);
    const oversized = Buffer.concat([good, Buffer.alloc(INTENT_BATCH_FILE_MAX_BYTES)]);
    expect(refusal(await send(oversized))).toEqual([
      INTENT_BATCH_FILE_FIELD,
      fileTooBigMessage(INTENT_BATCH_FILE_MAX_BYTES),
    ]);
    expect(await intentNamed(w.admin, bot, 'Later')).toBeUndefined();
  });

  test('a sheet past the row cap is refused with the spec message, and nothing changes', async () => {
    const rows = [
      HEADER,
      ...Array.from({ length: INTENT_BATCH_MAX_ROWS + 1 }, (_, i) => ['Many', `row ${i}`]),
    ];
    expect(refusal(await send(await workbook(rows)))).toEqual([
      INTENT_BATCH_FILE_FIELD,
      B.tooManyRows(INTENT_BATCH_MAX_ROWS),
    ]);
    expect(await intentNamed(w.admin, bot, 'Many')).toBeUndefined();
  });

  test('the FAQ import makes FAQ intents and needs an answer for each', async () => {
    const url = `${intentsPath(bot)}/import-faq`;
    const noAnswerColumn = await workbook([
      ['Intent name', 'Utterance'],
      ['Hours', 'when open'],
    ]);
    expect(refusal(await send(noAnswerColumn, 'faq.xlsx', FAQ_FILE_FIELD, url))).toEqual([
      FAQ_FILE_FIELD,
      B.missingAnswerColumn,
    ]);
    const missingAnswer = await workbook([
      HEADER,
      ['Refunds', 'can I get a refund'],
      ['Refunds', 'money back'],
    ]);
    expect(refusal(await send(missingAnswer, 'faq.xlsx', FAQ_FILE_FIELD, url))).toEqual([
      FAQ_FILE_FIELD,
      B.row(2, M.faqAnswerRequired),
    ]);
    const good = await workbook([
      HEADER,
      ['Refunds', 'can I get a refund', 'Refund questions', 'Within 30 days.'],
      ['Refunds', 'money back'],
    ]);
    expect(expectStatus(await send(good, 'faq.xlsx', FAQ_FILE_FIELD, url), 200).json()).toEqual({
      created: ['Refunds'],
      updated: [],
      examplesAdded: 2,
    });
    expect(await intentNamed(w.admin, bot, 'Refunds')).toMatchObject({
      type: 'faq',
      answer: 'Within 30 days.',
      description: 'Refund questions',
    });
  });

  test('batch import needs the intents permission', async () => {
    const file = await workbook([HEADER, ['Sneaky', 'one two'], ['Sneaky', 'three four']]);
    expect((await w.upload('stranger', batch(), INTENT_BATCH_FILE_FIELD, 'x.xlsx', file)).statusCode).toBe(
      403,
    );
    expectStatus(await w.upload('designer', batch(), INTENT_BATCH_FILE_FIELD, 'x.xlsx', file), 200);
  });

  test('an intent made by someone else between the check and the write: refused, and the sheet changes nothing', async () => {
    const rows = Array.from({ length: 600 }, (_, i) => [
      [`Sheet_${i}`, `say sheet number ${i}`],
      [`Sheet_${i}`, `tell sheet ${i} please`],
    ]).flat();
    const file = await workbook([['Intent name', 'Utterance'], ...rows]);
    const greetingBefore = (await intentNamed(w.admin, bot, 'Greeting'))?.utterances.length;
    // Someone creates the sheet's last intent just as its writing begins.
    const repos = server.ctx.repos;
    const write = repos.transactionInSlices;
    repos.transactionInSlices = async (work) => {
      repos.transactionInSlices = write;
      await createIntent(w.admin, bot, {
        name: 'Sheet_599',
        utterances: ['made elsewhere', 'by someone else'],
      });
      return write(work);
    };
    try {
      const refused = await send(file);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('This bot was changed at the same time. Please try again.');
    } finally {
      repos.transactionInSlices = write;
    }
    const names = (await listIntents(w.admin, bot)).map((i) => i.name);
    expect(names.filter((n) => n.startsWith('Sheet_'))).toEqual(['Sheet_599']);
    expect((await intentNamed(w.admin, bot, 'Greeting'))?.utterances.length).toBe(greetingBefore);
  }, 120_000);

  test('one workbook per person at a time: a second sent meanwhile is refused with 429, another person’s is read', async () => {
    /** A workbook that takes a while to read and write: 2,000 utterances of 20 intents. */
    const sheet = async (prefix: string) =>
      workbook([
        HEADER,
        ...Array.from({ length: 2000 }, (_, i) => [`${prefix}_${i % 20}`, `${prefix} question number ${i}`]),
      ]);
    const [mine, alsoMine, theirs] = await Promise.all([sheet('Mine'), sheet('AlsoMine'), sheet('Theirs')]);

    const both = await Promise.all([send(mine), send(alsoMine)]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 429]);
    const refused = both.find((response) => response.statusCode === 429);
    expect(refused?.json()).toMatchObject({ code: 'rate_limit_error', message: B.oneAtATime });
    expect(refused?.json().retryAfterSeconds).toBe(10);

    // Once the first is done, the person's next one is read; someone else's is read at the same time.
    const [again, others] = await Promise.all([
      send(alsoMine),
      w.upload('designer', batch(), INTENT_BATCH_FILE_FIELD, 'intents.xlsx', theirs),
    ]);
    expect(again.statusCode, again.body).toBe(200);
    expect(others.statusCode, others.body).toBe(200);
    const names = (await listIntents(w.admin, bot)).map((i) => i.name);
    for (const prefix of ['Mine', 'AlsoMine', 'Theirs'])
      expect(
        names.filter((name) => name.startsWith(`${prefix}_`)),
        prefix,
      ).toHaveLength(20);
  }, 120_000);
});
