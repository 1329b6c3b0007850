import type { FlowTargetName, FlowVersionStatus } from '@parley/contracts';
import type { Kysely, Selectable } from 'kysely';
import { fromJson, isUniqueViolation, nowIso, toJson } from '../dialect';
import type { Database, FlowActivationTable, FlowVersionTable } from '../schema';

/** Whose flow: an intent's, or a sub flow's (a function of type `flow`). */
export type FlowOwner = { kind: 'intent' | 'function'; id: string };

export type FlowTarget = FlowTargetName;

export interface FlowVersion {
  version: number;
  xml: string;
  status: FlowVersionStatus;
  /** Function name -> number of blocks calling it (custom function blocks). */
  functionCalls: Record<string, number>;
  savedBy: string;
  modified: string;
}

export interface FlowActivation {
  target: FlowTarget;
  version: number;
  activatedBy: string;
  activatedAt: string;
}

/** One owner's whole flow history, as a bot bundle carries it. */
export interface FlowHistory {
  versions: FlowVersion[];
  activations: FlowActivation[];
}

const ownerColumns = (owner: FlowOwner) => ({
  intent_id: owner.kind === 'intent' ? owner.id : null,
  function_id: owner.kind === 'function' ? owner.id : null,
  owner: owner.id,
});

const toVersion = (row: Selectable<FlowVersionTable>): FlowVersion => ({
  version: Number(row.version),
  xml: row.xml,
  status: row.status as FlowVersionStatus,
  functionCalls: fromJson<Record<string, number>>(row.function_calls, {}),
  savedBy: row.saved_by,
  modified: row.modified,
});

const toActivation = (row: Selectable<FlowActivationTable>): FlowActivation => ({
  target: row.target as FlowTarget,
  version: Number(row.version),
  activatedBy: row.activated_by,
  activatedAt: row.activated_at,
});

/** The tenant's flows (reached through `repos.forTenant(t).flows`). */
export function flowRepository(db: Kysely<Database>, tenantId: string) {
  const versionsOf = (owner: FlowOwner) =>
    db.selectFrom('flow_versions').where('tenant_id', '=', tenantId).where('owner', '=', owner.id);

  // A bot's flows: those of its intents, its own functions and the tenant's global ones.
  const ofBot = (botId: string) =>
    db
      .selectFrom('flow_versions')
      .where('tenant_id', '=', tenantId)
      .where((eb) =>
        eb.or([
          eb('intent_id', 'in', eb.selectFrom('intents').select('id').where('bot_id', '=', botId)),
          eb(
            'function_id',
            'in',
            eb
              .selectFrom('functions')
              .select('id')
              .where('tenant_id', '=', tenantId)
              .where((f) => f.or([f('bot_id', '=', botId), f('is_global', '=', 1)])),
          ),
        ]),
      );

  const repository = {
    /** Every version, oldest first. */
    async versions(owner: FlowOwner): Promise<FlowVersion[]> {
      const rows = await versionsOf(owner).selectAll().orderBy('version').execute();
      return rows.map(toVersion);
    },

    async version(owner: FlowOwner, version: number): Promise<FlowVersion | undefined> {
      const row = await versionsOf(owner).selectAll().where('version', '=', version).executeTakeFirst();
      return row ? toVersion(row) : undefined;
    },

    async latest(owner: FlowOwner): Promise<FlowVersion | undefined> {
      const row = await versionsOf(owner).selectAll().orderBy('version', 'desc').limit(1).executeTakeFirst();
      return row ? toVersion(row) : undefined;
    },

    /** Saves a new version numbered one past the newest; a simultaneous save takes the next. */
    async save(owner: FlowOwner, flow: Omit<FlowVersion, 'version' | 'modified'>): Promise<FlowVersion> {
      for (let attempt = 0; ; attempt++) {
        const newest = await versionsOf(owner)
          .select((eb) => eb.fn.max('version').as('version'))
          .executeTakeFirst();
        const saved: FlowVersion = { ...flow, version: Number(newest?.version ?? 0) + 1, modified: nowIso() };
        try {
          await insertVersion(db, tenantId, owner, saved);
          return saved;
        } catch (error) {
          // Inside a transaction a failed statement cannot be retried (PostgreSQL aborts it).
          if (!isUniqueViolation(error) || attempt === 2 || db.isTransaction) throw error;
        }
      }
    },

    /** Activations, newest first; the first of each target is the active one. */
    async activations(owner: FlowOwner): Promise<FlowActivation[]> {
      const rows = await db
        .selectFrom('flow_activations')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('owner', '=', owner.id)
        .orderBy('activated_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toActivation);
    },

    async activate(
      owner: FlowOwner,
      target: FlowTarget,
      version: number,
      by: string,
    ): Promise<FlowActivation> {
      const activation: FlowActivation = { target, version, activatedBy: by, activatedAt: nowIso() };
      await insertActivation(db, tenantId, owner, activation);
      return activation;
    },

    async history(owner: FlowOwner): Promise<FlowHistory> {
      return { versions: await repository.versions(owner), activations: await repository.activations(owner) };
    },

    /** Writes a whole history as it was (a bot import); the owner has none yet. */
    async restore(owner: FlowOwner, history: FlowHistory): Promise<void> {
      for (const version of history.versions) await insertVersion(db, tenantId, owner, version);
      // Oldest first, so the stored order is the history's order.
      for (const activation of [...history.activations].reverse()) {
        await insertActivation(db, tenantId, owner, activation);
      }
    },

    /** The bot's flow versions whose blocks call the function, with the count (owner is an id). */
    async callsOf(botId: string, functionName: string) {
      const rows = await ofBot(botId)
        .select(['owner', 'version', 'function_calls'])
        .where('function_calls', '!=', '{}')
        .orderBy('owner')
        .orderBy('version')
        .execute();
      const wanted = functionName.toLowerCase();
      return rows.flatMap((row) => {
        const calls = Object.entries(fromJson<Record<string, number>>(row.function_calls, {}));
        const count = calls
          .filter(([name]) => name.toLowerCase() === wanted)
          .reduce((sum, [, n]) => sum + n, 0);
        return count > 0 ? [{ owner: row.owner, version: Number(row.version), count }] : [];
      });
    },

    /** The ids of the owners of the bot's flows: its intents and the sub flows it lists. */
    async ownersOf(botId: string): Promise<Set<string>> {
      const rows = await ofBot(botId).select('owner').distinct().execute();
      return new Set(rows.map((row) => row.owner));
    },

    /** Whether any intent of the bot has a flow version activated to the target. */
    async hasIntentActivation(botId: string, target: FlowTarget): Promise<boolean> {
      const row = await db
        .selectFrom('flow_activations')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('target', '=', target)
        .where('intent_id', 'in', (eb) => eb.selectFrom('intents').select('id').where('bot_id', '=', botId))
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async hasFlow(owner: FlowOwner): Promise<boolean> {
      return (await versionsOf(owner).select('id').limit(1).executeTakeFirst()) !== undefined;
    },
  };
  return repository;
}

async function insertVersion(db: Kysely<Database>, tenantId: string, owner: FlowOwner, version: FlowVersion) {
  await db
    .insertInto('flow_versions')
    .values({
      id: crypto.randomUUID(),
      tenant_id: tenantId,
      ...ownerColumns(owner),
      version: version.version,
      xml: version.xml,
      status: version.status,
      function_calls: toJson(version.functionCalls),
      saved_by: version.savedBy,
      modified: version.modified,
    })
    .execute();
}

// Ids grow with time within one process, so equal timestamps still keep their order.
let activationCounter = 0;
async function insertActivation(
  db: Kysely<Database>,
  tenantId: string,
  owner: FlowOwner,
  activation: FlowActivation,
) {
  activationCounter = (activationCounter + 1) % 1_000_000;
  await db
    .insertInto('flow_activations')
    .values({
      id: `${activation.activatedAt}-${String(activationCounter).padStart(6, '0')}-${crypto.randomUUID().slice(0, 8)}`,
      tenant_id: tenantId,
      ...ownerColumns(owner),
      target: activation.target,
      version: activation.version,
      activated_by: activation.activatedBy,
      activated_at: activation.activatedAt,
    })
    .execute();
}
