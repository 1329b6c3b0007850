import pg from 'pg';

export type TestDatabaseKind = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function testDatabases(): TestDatabaseKind[] {
  if (process.env.TEST_DATABASE_URL) return ['sqlite', 'postgres'];
  if (!announced) {
    announced = true;
    console.info('TEST_DATABASE_URL is not set: database tests run on SQLite only.');
  }
  return ['sqlite'];
}
let announced = false;

/** A fresh PostgreSQL database for one test server; dropped by the returned function. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `parley_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
