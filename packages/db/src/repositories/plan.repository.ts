import type { Plan, PlanMetadata } from '@parley/contracts';
import type { Kysely, Selectable } from 'kysely';
import { fromFlag, fromJson } from '../dialect';
import type { Database, PlanTable } from '../schema';

/** A plan as the contracts declare it: the API answers it as it is stored. */
export type { Plan };

const toPlan = (row: Selectable<PlanTable>): Plan => ({
  id: row.id,
  name: row.name,
  maxFreeBots: Number(row.max_free_bots),
  maxFreeUsers: Number(row.max_free_users),
  maxFreeInteractions: Number(row.max_free_interactions),
  hasAdditionalBotsCost: fromFlag(row.has_additional_bots_cost),
  hasAdditionalUsersCost: fromFlag(row.has_additional_users_cost),
  hasAdditionalInteractionsCost: fromFlag(row.has_additional_interactions_cost),
  metadata: fromJson<PlanMetadata>(row.metadata, {}),
});

/** Plans the platform offers; until the plans issue a tenant has the default plan's caps. */
export const DEFAULT_PLANS = [
  {
    id: 'master',
    name: 'Master tenant',
    maxFreeBots: 1000,
    maxFreeUsers: 1000,
    maxFreeInteractions: 10_000_000,
    metadata: { hasImportExport: true, hasNluPerformance: true },
  },
  {
    id: 'default',
    name: 'Default',
    maxFreeBots: 25,
    maxFreeUsers: 50,
    maxFreeInteractions: 100_000,
    metadata: { hasImportExport: true, hasNluPerformance: true },
  },
] as const;

export function planRepository(db: Kysely<Database>) {
  return {
    async get(id: string): Promise<Plan | undefined> {
      const row = await db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toPlan(row);
    },
    async list(): Promise<Plan[]> {
      const rows = await db.selectFrom('plans').selectAll().orderBy('id').execute();
      return rows.map(toPlan);
    },
    /** Inserts the default plans that are missing (idempotent, also when processes start together). */
    async ensureDefaults(): Promise<void> {
      for (const plan of DEFAULT_PLANS) {
        await db
          .insertInto('plans')
          .values({
            id: plan.id,
            name: plan.name,
            max_free_bots: plan.maxFreeBots,
            max_free_users: plan.maxFreeUsers,
            max_free_interactions: plan.maxFreeInteractions,
            has_additional_bots_cost: 0,
            has_additional_users_cost: 0,
            has_additional_interactions_cost: 0,
            metadata: JSON.stringify(plan.metadata),
          })
          .onConflict((conflict) => conflict.column('id').doNothing())
          .execute();
      }
    },
  };
}
