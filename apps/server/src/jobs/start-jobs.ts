import type { AppContext } from '../context';
import { nluAutomateCheckEveryMs } from '../services/nlu/nlu-automate.service';
import { jobHandlers } from './jobs';

/** Starts running jobs in this process and declares the schedules: with the server, not from a route. */
export async function startJobs(ctx: AppContext): Promise<void> {
  await ctx.jobs.start(jobHandlers(ctx));
  const automateEveryMs = nluAutomateCheckEveryMs(ctx);
  if (automateEveryMs !== undefined) {
    await ctx.jobs.repeat('nlu.automate-due', {}, { key: 'nlu-automate-due', everyMs: automateEveryMs });
  }
}
