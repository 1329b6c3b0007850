import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectDatabase, createRepositories, type DatabaseHandle, migrateToLatest } from '@parley/db';
import { type Chunk, chunkSections } from '@parley/retrieval';
import { sqliteVectorExtensionPath } from '@parley/retrieval/core';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MIGRATIONS } from '../../../packages/db/src/migrations';
import {
  createPassageIndex,
  type PassageIndex,
  type PassageScope,
} from '../src/services/llms/passages/passage-index';
import { createPostgresDatabase, testDatabases } from './support/databases';

/**
 * The passage index (issue 23) on each database: full text finds the right passage with where it
 * comes from; RAG filters narrow full text and vectors alike, and one that matches nothing finds
 * nothing; vectors and full text merge by rank; every read is bound to its tenant and LLM.
 */
describe.each(testDatabases())('the passage index on %s', (kind) => {
  let handle: DatabaseHandle;
  let index: PassageIndex;
  const cleanups: Array<() => Promise<void>> = [];
  const handbook: PassageScope = { tenantId: 'tenant-a', llmId: 'llm-handbook' };
  const other: PassageScope = { tenantId: 'tenant-a', llmId: 'llm-other' };
  const foreign: PassageScope = { tenantId: 'tenant-b', llmId: 'llm-foreign' };

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-passages-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const pg = kind === 'postgres' ? await createPostgresDatabase() : undefined;
    if (pg) cleanups.push(pg.drop);
    handle = connectDatabase({
      databaseUrl: pg?.url,
      dataDir,
      poolSize: 2,
      sqliteExtensions: [sqliteVectorExtensionPath()],
    });
    cleanups.push(handle.close);
    await migrateToLatest(handle.db);
    const repos = createRepositories(handle.db);
    await repos.plans.ensureDefaults();
    const plan = await handle.db.selectFrom('plans').select('id').executeTakeFirstOrThrow();
    for (const tenantId of ['tenant-a', 'tenant-b'])
      await repos.tenants.create({
        id: tenantId,
        name: tenantId,
        displayName: tenantId,
        email: `${tenantId}@example.test`,
        secretKey: `${tenantId}-secret`,
        planId: plan.id,
      });
    const now = new Date().toISOString();
    await handle.db
      .insertInto('llms')
      .values(
        [handbook, other, foreign].map((scope) => ({
          id: scope.llmId,
          tenant_id: scope.tenantId,
          display_name: scope.llmId,
          provider: 'openai',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    index = createPassageIndex(repos);
  }, 60_000);

  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const chunk = (text: string, extra: Partial<Chunk> = {}): Chunk => ({
    text,
    headingPath: [],
    ordinal: 0,
    tokenCount: 10,
    documentName: 'handbook.txt',
    metadata: {},
    ...extra,
  });

  const HANDBOOK = [
    chunk('Refunds are paid within 14 days of the returned parcel arriving at our warehouse.', {
      headingPath: ['Money', 'Refunds'],
      page: 3,
      metadata: { team: 'billing', region: 'EU' },
    }),
    chunk('Our office opens at nine in the morning and closes at five.', {
      ordinal: 1,
      metadata: { team: 'facilities', region: 'EU' },
    }),
    chunk('Parking spaces are free for visitors who register at the desk.', {
      ordinal: 2,
      metadata: { team: 'facilities', region: 'US' },
    }),
    chunk('Expense claims need a receipt and the approval of your manager.', {
      ordinal: 3,
      metadata: { team: 'billing', region: 'US' },
    }),
  ];

  test('full text finds the one right passage first, with its document, heading path and page', async () => {
    await index.replaceDocument(handbook, 'doc-1', HANDBOOK);
    expect(await index.count(handbook)).toBe(4);
    const found = await index.search(handbook, { query: 'How long until my refund is paid?', limit: 3 });
    expect(found[0]).toMatchObject({
      documentId: 'doc-1',
      documentName: 'handbook.txt',
      text: HANDBOOK[0]?.text,
      headingPath: ['Money', 'Refunds'],
      page: 3,
      metadata: { team: 'billing', region: 'EU' },
    });
    expect(found[0]?.score).toBeGreaterThan(0);
    // Stemming: "opening" finds "opens".
    const opening = await index.search(handbook, { query: 'office opening', limit: 1 });
    expect(opening[0]?.text).toContain('Our office opens at nine');
  });

  test('passages of another LLM, or of the same LLM id under another tenant, are never found', async () => {
    await index.replaceDocument(other, 'doc-9', [chunk('Refunds of the other LLM are never paid.')]);
    const found = await index.search(handbook, { query: 'refunds paid', limit: 10 });
    expect(found.map((passage) => passage.documentId)).toEqual(['doc-1']);
    expect(
      await index.search({ tenantId: 'tenant-b', llmId: handbook.llmId }, { query: 'refunds', limit: 10 }),
    ).toEqual([]);
    expect(await index.count({ tenantId: 'tenant-b', llmId: handbook.llmId })).toBe(0);
    // A write under the wrong tenant touches nothing.
    await index.removeLlm({ tenantId: 'tenant-b', llmId: handbook.llmId });
    expect(await index.count(handbook)).toBe(4);
  });

  test('RAG filters narrow the passages before ranking; eq, in, several at once; no match finds nothing', async () => {
    const texts = async (filters: Parameters<PassageIndex['search']>[1]['filters']) =>
      (
        await index.search(handbook, { query: 'refunds office parking expense receipt', limit: 10, filters })
      ).map((passage) => passage.text.split(' ')[0]);
    expect((await texts([{ metadataField: 'team', query: 'billing', operator: 'eq' }])).sort()).toEqual([
      'Expense',
      'Refunds',
    ]);
    expect((await texts([{ metadataField: 'region', query: ' US , Mars', operator: 'in' }])).sort()).toEqual([
      'Expense',
      'Parking',
    ]);
    expect(
      await texts([
        { metadataField: 'team', query: 'billing', operator: 'eq' },
        { metadataField: 'region', query: 'US', operator: 'eq' },
      ]),
    ).toEqual(['Expense']);
    expect(await texts([{ metadataField: 'team', query: 'nobody', operator: 'eq' }])).toEqual([]);
    expect(await texts([{ metadataField: 'colour', query: 'billing', operator: 'eq' }])).toEqual([]);
    expect(await texts([{ metadataField: 'team', query: ',', operator: 'in' }])).toEqual([]);
  });

  test('with embeddings, vectors find what shares no word with the question, merged by rank; filters hold there too', async () => {
    const vectors = [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
      [0.7, 0.7, 0],
    ];
    await index.replaceDocument(
      handbook,
      'doc-1',
      HANDBOOK.map((passage, position) => ({ ...passage, embedding: vectors[position] })),
    );
    // "car" shares no word with any passage; its embedding is nearest the parking passage.
    const byVector = await index.search(handbook, { query: 'car', limit: 2, queryEmbedding: [0, 0.1, 0.9] });
    expect(byVector[0]?.text).toContain('Parking spaces');
    // First in both rankings: the refund passage matches the words and is nearest; the expense
    // passage, second nearest and sharing no word, follows with one ranking's share only.
    const both = await index.search(handbook, {
      query: 'refunds',
      limit: 4,
      queryEmbedding: [1, 0.05, 0],
    });
    expect(both[0]?.text).toContain('Refunds are paid');
    expect(both[0]?.score).toBeCloseTo(2 / 61, 10);
    expect(both[1]).toMatchObject({ text: HANDBOOK[3]?.text, score: expect.closeTo(1 / 62, 10) });
    const filtered = await index.search(handbook, {
      query: 'car',
      limit: 4,
      queryEmbedding: [0, 0.1, 0.9],
      filters: [{ metadataField: 'team', query: 'billing', operator: 'eq' }],
    });
    expect(filtered.every((passage) => passage.metadata.team === 'billing')).toBe(true);
    expect(filtered.map((passage) => passage.text)).not.toContain(HANDBOOK[2]?.text);
    // An embedding of other dimensions (another model) matches no stored vector.
    expect(await index.search(handbook, { query: 'car', limit: 4, queryEmbedding: [0, 1] })).toEqual([]);
  });

  test('query syntax of FTS5 or tsquery in a question is only words', async () => {
    for (const query of [
      '"',
      'refund*',
      'NEAR(refunds paid)',
      'refunds AND OR NOT',
      "'; drop table llm_passages; --",
      ':',
      '',
    ]) {
      await expect(index.search(handbook, { query, limit: 5 })).resolves.toBeInstanceOf(Array);
    }
    expect((await index.search(handbook, { query: 'refunds AND OR NOT', limit: 1 }))[0]?.text).toContain(
      'Refunds',
    );
  });

  test('replacing, removing a document and the LLM, and deleting the LLM, leave no passage behind', async () => {
    await index.replaceDocument(
      handbook,
      'doc-2',
      chunkSections([{ text: 'Holidays: 25 days a year.', headingPath: [] }], {
        maxTokens: 50,
        overlapTokens: 0,
        documentName: 'leave.md',
      }),
    );
    expect(await index.count(handbook, 'doc-2')).toBe(1);
    await index.replaceDocument(handbook, 'doc-2', [
      chunk('Holidays: 30 days a year.', { documentName: 'leave.md' }),
    ]);
    const holidays = await index.search(handbook, { query: 'holidays', limit: 5 });
    expect(holidays.map((passage) => passage.text)).toEqual(['Holidays: 30 days a year.']);
    await index.removeDocument(handbook, 'doc-2');
    expect(await index.search(handbook, { query: 'holidays', limit: 5 })).toEqual([]);
    await index.removeLlm(handbook);
    expect(await index.count(handbook)).toBe(0);
    expect(await index.search(handbook, { query: 'refunds', limit: 5 })).toEqual([]);

    await index.replaceDocument(foreign, 'doc-f', [chunk('Foreign refunds.')]);
    await handle.db.deleteFrom('llms').where('id', '=', foreign.llmId).execute();
    expect(await index.count(foreign)).toBe(0);
    if (kind === 'sqlite') {
      // The full-text index follows the cascade (its delete trigger): it holds the passages left, no more.
      const count = async (table: string) =>
        Number(
          (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(handle.db)).rows[0]
            ?.n,
        );
      expect(await count('llm_passages')).toBe(1);
      expect(await count('llm_passage_search')).toBe(1);
    }
  });
});

/**
 * Migrations 202612051300 (SQLite) and 202612051325 (PostgreSQL): passages kept under the first
 * full-text index are found, and filtered, after them.
 */
describe.each(testDatabases())('the passage search migrations on %s', (kind) => {
  test('passages indexed before are indexed again with their scope and metadata', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-passages-upgrade-'));
    const pg = kind === 'postgres' ? await createPostgresDatabase() : undefined;
    const handle = connectDatabase({ databaseUrl: pg?.url, dataDir, poolSize: 1 });
    try {
      const before = Object.fromEntries(
        Object.entries(MIGRATIONS).filter(([name]) => name < '202612051300-llm-passage-terms'),
      );
      const migrator = new Migrator({
        db: handle.db,
        provider: { getMigrations: async () => before },
        allowUnorderedMigrations: true,
      });
      const { error } = await migrator.migrateToLatest();
      if (error) throw error;
      const repos = createRepositories(handle.db);
      await repos.plans.ensureDefaults();
      const plan = await handle.db.selectFrom('plans').select('id').executeTakeFirstOrThrow();
      await repos.tenants.create({
        id: 't1',
        name: 't1',
        displayName: 't1',
        email: 't1@example.test',
        secretKey: 's',
        planId: plan.id,
      });
      const now = new Date().toISOString();
      await handle.db
        .insertInto('llms')
        .values({
          id: 'l1',
          tenant_id: 't1',
          display_name: 'l1',
          provider: 'openai',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await handle.db
        .insertInto('llm_passages')
        .values(
          ['Refunds take 14 days.', 'Refunds for shops take 30 days.'].map((text, ordinal) => ({
            id: `p${ordinal}`,
            tenant_id: 't1',
            llm_id: 'l1',
            document_id: 'd1',
            document_name: 'old.txt',
            ordinal,
            text,
            heading_path: '[]',
            metadata: JSON.stringify({ audience: ordinal === 0 ? 'people' : 'shops' }),
            created_at: now,
          })),
        )
        .execute();
      await migrateToLatest(handle.db);
      const index = createPassageIndex(repos);
      const scope = { tenantId: 't1', llmId: 'l1' };
      expect(
        (await index.search(scope, { query: 'refunds', limit: 5 })).map((p) => p.passageId).sort(),
      ).toEqual(['p0', 'p1']);
      const shops = await index.search(scope, {
        query: 'refunds',
        limit: 5,
        filters: [{ metadataField: 'audience', query: 'shops', operator: 'eq' }],
      });
      expect(shops.map((p) => p.passageId)).toEqual(['p1']);
    } finally {
      await handle.close();
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
