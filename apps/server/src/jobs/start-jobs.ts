import type { AppContext } from '../context';
import { MAIL_POLL_EVERY_MS } from '../services/channels/mail/mail-poller';
import { nluAutomateCheckEveryMs } from '../services/nlu/nlu-automate.service';
import { jobHandlers } from './job-handlers';

/** Receipts are kept for days; a clean-up every hour keeps the table small. */
const RECEIPTS_CLEANUP_EVERY_MS = 3_600_000;
/** Imports whose process ended free their names and people within minutes. */
const IMPORTS_SWEEP_EVERY_MS = 5 * 60_000;

/** Starts running jobs in this process and declares the schedules: with the server, not from a route. */
export async function startJobs(ctx: AppContext): Promise<void> {
  await ctx.jobs.start(jobHandlers(ctx));
  await ctx.jobs.repeat(
    'channel.forget-receipts',
    {},
    { key: 'channel-forget-receipts', everyMs: RECEIPTS_CLEANUP_EVERY_MS },
  );
  await ctx.jobs.repeat('mail.poll', {}, { key: 'mail-poll', everyMs: MAIL_POLL_EVERY_MS });
  await ctx.jobs.repeat(
    'bots.sweep-imports',
    {},
    { key: 'bots-sweep-imports', everyMs: IMPORTS_SWEEP_EVERY_MS },
  );
  const automateEveryMs = nluAutomateCheckEveryMs(ctx);
  if (automateEveryMs !== undefined) {
    await ctx.jobs.repeat('nlu.automate-due', {}, { key: 'nlu-automate-due', everyMs: automateEveryMs });
  }
}
