import type { DatabaseHandle, Repositories } from '@parley/db';
import type { NluProviderRegistry } from '@parley/nlu';
import type { Logger } from 'pino';
import type { PrincipalCache } from './auth/principal-cache';
import type { TokenService } from './auth/tokens';
import type { BlobStore } from './blobs/blob-store';
import type { Config } from './config';
import type { AppJobQueue } from './jobs/create-job-queue';
import type { Mailer } from './mail/mailer';
import type { SharedState } from './shared-state';
import type { BotRuntimeCache } from './shared-state/bot-runtime-cache';

/** What services and routes are given: plain values, passed explicitly. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  repos: Repositories;
  tokens: TokenService;
  mailer: Mailer;
  shared: SharedState;
  /** Resolved principals of sessions, forgotten on every process when accounts change. */
  principals: PrincipalCache;
  /** What turns read of a bot, kept in this process until the bot changes (on any process). */
  botRuntime: BotRuntimeCache;
  /** The NLU providers of this app (the embedded one keeps its models in this app's database). */
  nluProviders: NluProviderRegistry;
  /** Work apart from requests: syncs, tests, schedules (jobs/job-payloads.ts declares each kind). */
  jobs: AppJobQueue;
  /** Files outside the database (NLU models; uploads next): DATA_DIR/blobs or S3. */
  blobs: BlobStore;
  log: Logger;
}
