import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectDatabase, type DatabaseHandle, migrateToLatest } from './connect';
import { inSlices } from './sliced-transaction';

/** A plan row of its own: the plans table needs nothing else to exist. */
const plan = (id: string) => ({
  id,
  name: id,
  max_free_bots: 1,
  max_free_users: 1,
  max_free_interactions: 1,
  has_additional_bots_cost: 0,
  has_additional_users_cost: 0,
  has_additional_interactions_cost: 0,
  metadata: '{}',
});

describe('a write in slices (SQLite)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = connectDatabase({ dataDir: '', sqliteFile: ':memory:' });
    await migrateToLatest(handle.db);
  });
  afterAll(() => handle.close());

  const plansNamed = async (prefix: string) =>
    (await handle.db.selectFrom('plans').select('id').where('id', 'like', `${prefix}%`).execute()).length;

  test('commits slice by slice, and other queries run between the slices', async () => {
    const answeredBetween: number[] = [];
    await inSlices(
      handle.db,
      async (trx, breakSlice) => {
        for (let i = 0; i < 40; i++) {
          await trx
            .insertInto('plans')
            .values(plan(`slice-${i}`))
            .execute();
          // Another request's query: it gets the one connection only between slices.
          if (i === 5)
            void plansNamed('slice-').then((n) => {
              answeredBetween.push(n);
            });
          await new Promise((resolve) => setTimeout(resolve, 1));
          await breakSlice();
        }
      },
      5,
    );
    expect(await plansNamed('slice-')).toBe(40);
    // It saw what the slices before it had committed, not all forty and not nothing.
    expect(answeredBetween).toHaveLength(1);
    expect(answeredBetween[0]).toBeGreaterThan(5);
    expect(answeredBetween[0]).toBeLessThan(40);
  });

  test('a throw rolls back only the slice it happened in', async () => {
    await expect(
      inSlices(
        handle.db,
        async (trx, breakSlice) => {
          for (let i = 0; i < 10; i++) {
            await trx
              .insertInto('plans')
              .values(plan(`partly-${i}`))
              .execute();
            if (i === 7) throw new Error('refused');
            await new Promise((resolve) => setTimeout(resolve, 3));
            await breakSlice();
          }
        },
        1,
      ),
    ).rejects.toThrow('refused');
    // Slices 0-6 were committed (the caller removes them); the eighth row went with its slice.
    expect(await plansNamed('partly-')).toBe(7);
  });

  test('writes in slices at once take turns: a query waits for one slice, not one of each', async () => {
    const events: string[] = [];
    const writer = (n: number) =>
      inSlices(
        handle.db,
        async (trx, breakSlice) => {
          for (let i = 0; i < 3; i++) {
            await trx
              .insertInto('plans')
              .values(plan(`turn-${n}-${i}`))
              .execute();
            events.push(`slice ${n}`);
            // A request comes while the first writer holds its first slice.
            if (n === 1 && i === 0)
              void plansNamed('turn-').then(() => {
                events.push('query');
              });
            await new Promise((resolve) => setTimeout(resolve, 2));
            await breakSlice();
          }
        },
        0,
      );
    await Promise.all([writer(1), writer(2), writer(3)]);
    // The others' slices wait their turn behind the query, not ahead of it.
    expect(events.slice(0, 2)).toEqual(['slice 1', 'query']);
    expect(await plansNamed('turn-')).toBe(9);
  });
});
