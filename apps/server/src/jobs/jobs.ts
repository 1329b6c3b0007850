import { pollMailboxes } from '../channels/mail/mail-poller';
import { type PendingDelivery, retryDelivery } from '../channels/messaging/outbound-delivery';
import type { AppContext } from '../context';
import {
  type ScheduledTurnPayload,
  takeScheduledTurn,
} from '../services/conversations/scheduled-turns.service';
import { runDueNluAutomate, runNluAutomateJob } from '../services/nlu/nlu-automate.service';
import { runNluTestJob } from '../services/nlu/nlu-test.service';
import { runSyncJob } from '../services/publishing/synchronization-run';
import type { JobHandlers } from './job-queue';

/** One kind of job: what it does with its payload, how often it is tried, what its last failure does. */
export interface JobDefinition<Payload> {
  /** Tries in all; 1: no retry. */
  attempts?: number;
  /** The wait before the second try; each later wait doubles. */
  backoffMs?: number;
  run(ctx: AppContext, payload: Payload): Promise<void>;
  onFailed?(ctx: AppContext, payload: Payload, error: unknown): Promise<void>;
}

const defineJob = <Payload>(definition: JobDefinition<Payload>) => definition;

interface BotJob {
  tenantId: string;
  botId: string;
}

/**
 * Every job kind, declared once: the queue runs them by name, and a payload is typed by its
 * kind wherever it is enqueued. Each kind records its own failures where users see them (a
 * sync's Failed step, a test run's error), so the last failure here is only logged.
 */
export const JOBS = {
  /** One provider's sync of a publish (its record exists, state InProgress). */
  'nlu.sync': defineJob<BotJob & { provider: string; syncId: string }>({ run: runSyncJob }),
  /** An NLU performance test of the bot's dataset (its run exists, status running). */
  'nlu.test': defineJob<BotJob & { runId: string }>({ run: runNluTestJob }),
  /** NLU automate for one bot, after a publish. */
  'nlu.automate': defineJob<BotJob>({ run: runNluAutomateJob }),
  /** Automate for every bot whose last run is older than the interval (scheduled). */
  /** A turn the bot takes later: a Delay's end or the idle text (a no-op if the conversation moved on). */
  'conversation.scheduled-turn': defineJob<ScheduledTurnPayload>({ run: takeScheduledTurn }),
  /** The rest of a bot's answer a messaging platform refused, sent again (its attempts are counted in the payload). */
  'channel.deliver': defineJob<PendingDelivery>({ run: retryDelivery }),
  /** Reads the mailboxes of the bots with the e-mail channel connected (scheduled). */
  'mail.poll': defineJob<Record<string, never>>({ run: (ctx) => pollMailboxes(ctx) }),
  /** Forgets inbound message receipts older than CHANNEL_RECEIPT_DAYS (scheduled). */
  'channel.forget-receipts': defineJob<Record<string, never>>({
    run: async (ctx) => {
      await ctx.repos.channels.forgetOldReceipts();
    },
  }),
  'nlu.automate-due': defineJob<Record<string, never>>({
    run: async (ctx) => {
      await runDueNluAutomate(ctx);
    },
  }),
} satisfies Record<string, JobDefinition<never>>;

export type JobName = keyof typeof JOBS;
/** Job name to payload, as the queue is typed. */
export type JobCatalogue = { [N in JobName]: (typeof JOBS)[N] extends JobDefinition<infer P> ? P : never };

/** The handlers the queue calls, reading the declarations. */
export function jobHandlers(ctx: AppContext): JobHandlers<JobCatalogue> {
  const definition = (name: JobName) => JOBS[name] as JobDefinition<unknown>;
  return {
    run: (name, payload) => definition(name).run(ctx, payload),
    retryOf: (name) => ({
      attempts: definition(name).attempts ?? 1,
      backoffMs: definition(name).backoffMs ?? 1000,
    }),
    async failed(name, payload, error) {
      ctx.log.error({ err: error, job: name }, 'job failed');
      await definition(name).onFailed?.(ctx, payload, error);
    },
  };
}
