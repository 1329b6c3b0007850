import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';

export type RunInBackground = (what: string, task: () => Promise<unknown>) => void;

/**
 * Work a request starts but does not wait for (mail delivery, so that the answer's timing does
 * not tell whether a mail was sent). Failures are logged; closing the app waits for the work
 * still running, so a shutdown does not cut it off half-way.
 */
export function backgroundWork(app: FastifyInstance, log: Logger): RunInBackground {
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });
  return (what, task) => {
    const running: Promise<void> = Promise.resolve()
      .then(task)
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, `${what} failed`),
      )
      .finally(() => pending.delete(running));
    pending.add(running);
  };
}
