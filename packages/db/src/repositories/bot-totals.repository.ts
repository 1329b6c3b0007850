import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/** Figures across tenants, for the master administrators' tenant list. */
export function botTotalsRepository(db: Kysely<Database>) {
  return {
    /** Tenant id to its number of bots; tenants without bots are absent. */
    async countPerTenant(): Promise<Record<string, number>> {
      const rows = await db
        .selectFrom('bots')
        .select(['tenant_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('importing_since', 'is', null)
        .groupBy('tenant_id')
        .execute();
      return Object.fromEntries(rows.map((r) => [r.tenant_id, Number(r.n)]));
    },
  };
}
