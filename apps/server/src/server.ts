import { connectDatabase, createRepositories, migrateToLatest } from '@parley/db';
import { sqliteVectorExtensionPath } from '@parley/retrieval/core';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { buildApp } from './app';
import { createPrincipalCache } from './auth/principal-cache';
import { createTokenService } from './auth/tokens';
import { createBlobStore } from './blobs/create-blob-store';
import type { Config } from './config';
import type { AppContext } from './context';
import { createJobQueue } from './jobs/create-job-queue';
import { startJobs } from './jobs/start-jobs';
import { createMailer } from './mail/mailer';
import { ensureFirstRun } from './services/accounts/bootstrap.service';
import { createSecretSeal } from './services/functions/function-secret-seal';
import { createEmbeddedProvider } from './services/nlu/engine/embedded-provider';
import { createNluProviderRegistry } from './services/nlu/engine/nlu-providers';
import { createSharedState } from './shared-state';
import { createBotRuntimeCache } from './shared-state/bot-runtime-cache';

export interface RunningParts {
  app: FastifyInstance;
  ctx: AppContext;
  /** The first administrator's sign-up link, on the very first start only. */
  firstRunSignupLink: string | undefined;
  /** Finishes in-flight requests, then closes shared state and the database. */
  close(): Promise<void>;
}

export async function createContext(
  config: Config,
  log: Logger = pino({ level: config.logLevel }),
): Promise<AppContext> {
  const database = connectDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    // Vector retrieval (vec_distance_cosine) for LLMs with an embedding model.
    sqliteExtensions: [sqliteVectorExtensionPath()],
    onPoolError: (error) =>
      log.warn({ err: error }, 'an idle database connection failed; the pool replaces it'),
  });
  await migrateToLatest(database.db);
  const secretSeal = createSecretSeal(config.jwtSecret);
  secretSeal.whenUnreadable(() =>
    log.warn(
      "a function's credential could not be opened (was the server secret changed?); it reads as empty",
    ),
  );
  const shared = createSharedState(config.redisUrl);
  const botRuntime = createBotRuntimeCache(shared.pubsub);
  await botRuntime.listen();
  const repos = createRepositories(database.db, {
    functionFields: secretSeal.codec,
    onBotChange: (change) => botRuntime.changed(change),
  });
  const blobs = createBlobStore(config);
  const principals = createPrincipalCache(shared.pubsub);
  await principals.listen();
  return {
    config,
    database,
    repos,
    tokens: createTokenService(config.jwtSecret, config.sessionTtlMs),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, repos, log }),
    shared,
    principals,
    botRuntime,
    nluProviders: createNluProviderRegistry([
      createEmbeddedProvider(repos, blobs, {
        remember: (bot, name, load) =>
          botRuntime.remember({ tenantId: bot.tenantId, id: bot.botId }, name, load),
      }),
    ]),
    jobs: createJobQueue(config, log),
    blobs,
    log,
  };
}

export async function createServer(config: Config, log?: Logger): Promise<RunningParts> {
  const ctx = await createContext(config, log);
  const firstRunSignupLink = await ensureFirstRun(ctx.repos, config.publicUrl, ctx.log);
  const app = await buildApp(ctx);
  await startJobs(ctx);
  return {
    app,
    ctx,
    firstRunSignupLink,
    async close() {
      await app.close();
      await ctx.jobs.close();
      await ctx.blobs.close();
      await ctx.shared.close();
      await ctx.database.close();
    },
  };
}
