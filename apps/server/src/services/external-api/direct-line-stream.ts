import { AppError } from '@parley/contracts';
import type { AppContext } from '../../context';
import { createTopicRouter } from '../realtime/topic-router';
import { REVOKED_KEYS_CHANNEL } from './api-keys.service';
import { activitiesAfter, conversationFor, type DirectLineConversation } from './direct-line.service';
import type { DirectLineClaims } from './direct-line-tokens';

/** What the stream needs of a websocket (the `ws` socket has it). */
export interface StreamSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  readonly readyState: number;
  readonly OPEN: number;
}

/** How often an idle stream checks that its key is still unlocked and its conversation alive. */
const RECHECK_EVERY_MS = 30_000;

/** Close codes: the conversation is gone or expired, or the key no longer opens it. */
export const STREAM_CLOSE = { ended: 1000, refused: 4403 } as const;

/**
 * The Direct Line streams of one process. A stream follows its conversation's topic on the
 * shared pub/sub: any turn, taken on any process (a client's message, a delay's end, the idle
 * text), wakes it, and it sends what the database holds after its watermark as Direct Line's
 * ActivitySet frames: a turn's messages the bot's in-between delay apart, with a typing activity
 * while the next one waits (a timer of this stream wakes it when that one is due). The key and
 * the conversation are checked before every frame, when a key is locked or deleted (announced on
 * the pub/sub to every process) and every little while (an expired conversation), and a stream
 * whose key or conversation no longer holds is closed.
 */
export function createDirectLineStreams(ctx: AppContext) {
  const router = createTopicRouter(ctx.shared.pubsub, (error) =>
    ctx.log.warn({ err: error }, 'a Direct Line stream could not leave its topic'),
  );
  /** The open streams: how to wake each (it checks its key) and how to close it. */
  const open = new Set<{ keyId: string; wake(): void; closeNow(): void }>();
  // A key locked or deleted on any process: its streams check at once, find it refused and close.
  const revocations = ctx.shared.pubsub.subscribe(REVOKED_KEYS_CHANNEL, ({ message }) => {
    const keyIds = (message as { keyIds?: unknown }).keyIds;
    if (!Array.isArray(keyIds)) return;
    for (const stream of open) if (keyIds.includes(stream.keyId)) stream.wake();
  });
  revocations.catch((error) =>
    ctx.log.error({ err: error }, 'Direct Line streams cannot hear of revoked keys'),
  );

  /** The conversation as the key sees it now; undefined when the stream must end. */
  async function stillOpen(claims: DirectLineClaims): Promise<DirectLineConversation | undefined> {
    const key = await ctx.repos.externalApiKeys.byKeyId(claims.keyId);
    if (!key || key.isLocked || key.botId !== claims.botId) return undefined;
    try {
      return await conversationFor(ctx, { key, token: claims }, claims.conversationId);
    } catch (error) {
      if (error instanceof AppError) return undefined;
      throw error;
    }
  }

  return {
    /** Serves one opened socket from `watermark` on. */
    add(socket: StreamSocket, claims: DirectLineClaims, watermark: number): { closed(): void } {
      const topic = {
        kind: 'conversation' as const,
        botId: claims.botId,
        conversationId: claims.conversationId,
      };
      let sentUpTo = watermark;
      let isClosed = false;
      let work = Promise.resolve();
      /** The held-back message the client was last told the bot is typing. */
      let typingFor: string | undefined;
      /** Wakes the stream when the next held-back message is due. */
      let dueTimer: NodeJS.Timeout | undefined;

      const end = (code: number, reason: string) => {
        if (isClosed) return;
        stop();
        socket.close(code, reason);
      };
      const wakeAt = (dueAt: number) => {
        clearTimeout(dueTimer);
        dueTimer = setTimeout(pump, Math.max(0, dueAt - Date.now()));
        dueTimer.unref();
      };
      const pump = () => {
        work = work
          .then(async () => {
            if (isClosed) return;
            const found = await stillOpen(claims);
            if (!found) return end(STREAM_CLOSE.refused, 'conversation closed');
            // Read until caught up or held back by the delay: one frame per read, each with its watermark.
            for (;;) {
              const set = await activitiesAfter(ctx, found, sentUpTo);
              const next = Number(set.watermark);
              if (isClosed) return;
              const hasMoved = next !== sentUpTo;
              sentUpTo = next;
              const typing = set.typing && set.typing.id !== typingFor ? set.typing : undefined;
              if (typing) typingFor = typing.id;
              const activities = typing ? [...set.activities, typing] : set.activities;
              if (activities.length > 0 && socket.readyState === socket.OPEN)
                socket.send(JSON.stringify({ activities, watermark: set.watermark }));
              if (set.nextDueAt !== undefined) return wakeAt(set.nextDueAt);
              if (!hasMoved) return;
            }
          })
          .catch((error) => {
            ctx.log.error(
              { err: error, conversationId: claims.conversationId },
              'a Direct Line stream failed',
            );
            end(1011, 'server error');
          });
      };
      const follower = () => pump();
      const timer = setInterval(pump, RECHECK_EVERY_MS);
      timer.unref();
      const entry = { keyId: claims.keyId, wake: pump, closeNow: () => end(1001, 'server closing') };
      const stop = () => {
        isClosed = true;
        clearInterval(timer);
        clearTimeout(dueTimer);
        open.delete(entry);
        router.unfollow(topic, follower);
      };
      open.add(entry);
      router
        .follow(topic, follower)
        .then(pump)
        .catch((error) => {
          ctx.log.error({ err: error }, 'a Direct Line stream could not follow its conversation');
          end(1011, 'server error');
        });
      return { closed: stop };
    },
    async stop(): Promise<void> {
      for (const stream of [...open]) stream.closeNow();
      await router.close();
      await (await revocations.catch(() => async () => undefined))();
    },
  };
}

export type DirectLineStreams = ReturnType<typeof createDirectLineStreams>;
