import type { AppContext } from '../context';
import { sweepAbandonedImports } from '../services/bots/importing-bot.service';
import { pollMailboxes } from '../services/channels/mail/mail-poller';
import { retryDelivery } from '../services/channels/messaging/outbound-delivery';
import { takeScheduledTurn } from '../services/conversations/scheduled-turns.service';
import { failEvaluationJob, runEvaluationJob } from '../services/llms/evaluation/llm-evaluation-job';
import { failTrainingJob, runTrainingJob } from '../services/llms/training/llm-training-job';
import { runDueNluAutomate, runNluAutomateJob } from '../services/nlu/nlu-automate.service';
import { runNluTestJob } from '../services/nlu/nlu-test.service';
import { runSyncJob } from '../services/publishing/synchronization-run';
import type { JobName, JobPayloads } from './job-payloads';
import type { JobHandlers } from './job-queue';

/** What one kind of job does with its payload, how often it is tried, what its last failure does. */
export interface JobDefinition<Payload> {
  /** Tries in all; 1: no retry. */
  attempts?: number;
  /** The wait before the second try; each later wait doubles. */
  backoffMs?: number;
  // Properties, not methods: a handler must take its kind's whole payload (checked contravariantly).
  run: (ctx: AppContext, payload: Payload) => Promise<void>;
  onFailed?: (ctx: AppContext, payload: Payload, error: unknown) => Promise<void>;
}

/**
 * Every job kind's handler, wired only at start-up (`start-jobs.ts`): the kinds and their payloads
 * are declared in `job-payloads.ts`, and a kind without a handler here does not compile. Each kind
 * records its own failures where users see them (a sync's Failed step, a test run's error), so
 * the last failure here is only logged.
 */
export const JOB_HANDLERS = {
  'nlu.sync': { run: runSyncJob },
  'nlu.test': { run: runNluTestJob },
  'nlu.automate': { run: runNluAutomateJob },
  'nlu.automate-due': {
    run: async (ctx) => {
      await runDueNluAutomate(ctx);
    },
  },
  'conversation.scheduled-turn': { run: takeScheduledTurn },
  'channel.deliver': { run: retryDelivery },
  'mail.poll': { run: (ctx) => pollMailboxes(ctx) },
  'channel.forget-receipts': {
    run: async (ctx) => {
      await ctx.repos.channels.forgetOldReceipts();
    },
  },
  'bots.sweep-imports': { run: (ctx) => sweepAbandonedImports(ctx) },
  'llm.train': { run: runTrainingJob, onFailed: failTrainingJob },
  'llm.evaluate': { run: runEvaluationJob, onFailed: failEvaluationJob },
} satisfies { [N in JobName]: JobDefinition<JobPayloads[N]> };

/** The handlers the queue calls, reading the table. */
export function jobHandlers(ctx: AppContext): JobHandlers<JobPayloads> {
  const definition = (name: JobName) => JOB_HANDLERS[name] as JobDefinition<unknown>;
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
