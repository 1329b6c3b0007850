import type { Bot, TenantScope } from '@parley/db';
import { buildFlowXml, type FlowStep } from '@parley/flows';
import pino from 'pino';
import { hashPassword } from '../../apps/server/src/auth/passwords';
import { loadConfig } from '../../apps/server/src/config';
import type { AppContext } from '../../apps/server/src/context';
import { createContext } from '../../apps/server/src/server';
import { ensureFirstRun } from '../../apps/server/src/services/accounts/bootstrap.service';
import { botRefOf } from '../../apps/server/src/services/nlu/engine/bot-ref';
import { botTrainingData } from '../../apps/server/src/services/nlu/engine/training-data';

/** The account every benchmark signs in with: an administrator of the master tenant. */
export const BENCH_USER = { email: 'bench@example.com', password: 'Bench-Password-1' } as const;

/**
 * Fills a fresh embedded database before the server starts on it: the platform's first run, the
 * bench user, then `fill` with the master tenant's scope. Everything is closed afterwards.
 */
export async function seedBenchDatabase(
  dataDir: string,
  fill: (ctx: AppContext, scope: TenantScope, tenantId: string) => Promise<void>,
  env: Record<string, string> = {},
): Promise<void> {
  const ctx = await createContext(
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }),
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

/**
 * A bot on the embedded NLU with the given intents, trained and published, whose `flowIntent`
 * answers with `flow`, activated to `target` (test chats run 'test', channels 'production').
 */
export async function seedFlowBot(
  ctx: AppContext,
  scope: TenantScope,
  bot: {
    botName: string;
    intents: Record<string, readonly string[]>;
    flowIntent: string;
    flow: FlowStep[];
    target: 'test' | 'production' | 'both';
    /** More intents' flows, activated to the same target. */
    moreFlows?: Record<string, FlowStep[]>;
  },
): Promise<Bot> {
  const created = await scope.bots.create({
    botName: bot.botName,
    region: 'eu-west',
    settings: { language: 'en', intentRecognizerProvider: 'parley', entityExtractorProvider: 'parley' },
  });
  for (const [name, utterances] of Object.entries(bot.intents)) {
    await scope.intents(created.id).create({
      name,
      description: '',
      type: 'normal',
      answer: '',
      isRedirect: false,
      template: null,
      examples: utterances.map((text) => ({ kind: 'utterance' as const, text })),
    });
  }
  const flows = { [bot.flowIntent]: bot.flow, ...bot.moreFlows };
  for (const [intent, flow] of Object.entries(flows)) {
    const owner = { kind: 'intent' as const, id: (await scope.intents(created.id).idOf(intent)) as string };
    const saved = await scope.flows.save(owner, {
      xml: await buildFlowXml(flow, { languages: ['en'] }),
      status: 'unpublished',
      functionCalls: {},
      savedBy: BENCH_USER.email,
    });
    for (const target of bot.target === 'both' ? (['test', 'production'] as const) : [bot.target])
      await scope.flows.activate(owner, target, saved.version, BENCH_USER.email);
  }
  const provider = ctx.nluProviders.get('parley');
  if (!provider) throw new Error('no embedded NLU');
  await provider.train(botRefOf(created), await botTrainingData(scope, created), () => undefined);
  await provider.publish(botRefOf(created));
  return created;
}
