import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectDatabase, createRepositories, type DatabaseHandle, migrateToLatest } from '@parley/db';
import { sqliteVectorExtensionPath } from '@parley/retrieval/core';
import {
  createPassageIndex,
  type PassageIndex,
  type PassageScope,
} from '../../../apps/server/src/services/llms/passages/passage-index';

export interface PassageStore {
  index: PassageIndex;
  scope: PassageScope;
  handle: DatabaseHandle;
  close(): Promise<void>;
}

/** A SQLite file as the server keeps it (WAL, sqlite-vec loaded, migrated), with one tenant and one LLM. */
export async function openPassageStore(name: string): Promise<PassageStore> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `parley-bench-${name}-`));
  const handle = connectDatabase({ dataDir, sqliteExtensions: [sqliteVectorExtensionPath()] });
  await migrateToLatest(handle.db);
  const repos = createRepositories(handle.db);
  await repos.plans.ensureDefaults();
  const plan = await handle.db.selectFrom('plans').select('id').executeTakeFirstOrThrow();
  const scope = { tenantId: 'bench-tenant', llmId: 'bench-llm' };
  await repos.tenants.create({
    id: scope.tenantId,
    name: scope.tenantId,
    displayName: 'Bench',
    email: 'bench@example.test',
    secretKey: 'bench-secret',
    planId: plan.id,
  });
  const now = new Date().toISOString();
  await handle.db
    .insertInto('llms')
    .values({
      id: scope.llmId,
      tenant_id: scope.tenantId,
      display_name: 'Bench',
      provider: 'openai',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return {
    index: createPassageIndex(repos),
    scope,
    handle,
    async close() {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
