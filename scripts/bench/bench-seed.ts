import type { TenantScope } from '@parley/db';
import pino from 'pino';
import { hashPassword } from '../../apps/server/src/auth/passwords';
import { loadConfig } from '../../apps/server/src/config';
import type { AppContext } from '../../apps/server/src/context';
import { createContext } from '../../apps/server/src/server';
import { ensureFirstRun } from '../../apps/server/src/services/accounts/bootstrap.service';

/** The account every benchmark signs in with: an administrator of the master tenant. */
export const BENCH_USER = { email: 'bench@example.com', password: 'Bench-Password-1' } as const;

/**
 * Fills a fresh embedded database before the server starts on it: the platform's first run, the
 * bench user, then `fill` with the master tenant's scope. Everything is closed afterwards.
 */
export async function seedBenchDatabase(
  dataDir: string,
  fill: (ctx: AppContext, scope: TenantScope, tenantId: string) => Promise<void>,
): Promise<void> {
  const ctx = await createContext(
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    pino({ level: 'silent' }),
  );
  try {
    await ensureFirstRun(ctx.repos, 'http://localhost', ctx.log);
    const master = await ctx.repos.tenants.getMaster();
    if (!master) throw new Error('no master tenant');
    await ctx.repos.plans.ensureDefaults();
    await ctx.repos.users.create({
      id: BENCH_USER.email,
      name: 'Bench',
      identity: 'platform',
      passwordHash: await hashPassword(BENCH_USER.password),
      selectedTenantId: master.id,
    });
    const scope = ctx.repos.forTenant(master.id);
    await scope.members.set(BENCH_USER.email, 'admin');
    await fill(ctx, scope, master.id);
  } finally {
    await ctx.jobs.close();
    await ctx.shared.close();
    await ctx.database.close();
  }
}

/** The bench user's session token on a running server. */
export async function benchToken(serverUrl: string): Promise<string> {
  const login = await fetch(`${serverUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId: BENCH_USER.email, password: BENCH_USER.password }),
  });
  return ((await login.json()) as { token: string }).token;
}
