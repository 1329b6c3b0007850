import type { Bot, BotChange, TenantScope } from '@parley/db';
import type { PubSub } from './pubsub';

/** Where processes tell each other that a bot changed (`BotChange`), so each drops what it kept. */
const CHANNEL = 'parley:bot-changes';

/** Bots whose runtime data one process keeps at most; the least recently used leave first. */
const KEPT_BOTS = 2000;

/**
 * A change is announced when its statement ran, which may be before its transaction commits on
 * PostgreSQL: what is read this soon after a change is kept only briefly, so a read that saw the
 * old rows cannot stay.
 */
const SETTLING_MS = 1000;
const UNSETTLED_KEEP_MS = 100;

interface Kept {
  value: Promise<unknown>;
  /** performance.now() after which it is read again; Infinity: until the bot changes. */
  until: number;
}

/**
 * What turns read of a bot, kept in this process (issue 21): the bot's row, its intents' ids and
 * answers, its flows' activations, its published model's version, its channels. Writes to those
 * (through the repositories, which announce them) drop a bot's entries here at once and on every
 * other process through the pub/sub, so a published model or an activated flow answers the next
 * message, wherever it arrives.
 *
 * @example
 * const version = await ctx.botRuntime.remember(bot, 'model:published', () => readVersion());
 */
export function createBotRuntimeCache(pubsub: PubSub) {
  const bots = new Map<string, Map<string, Kept>>();
  /** When each tenant's or bot's last change was heard (performance.now()). */
  const changedAt = new Map<string, number>();
  const keyOf = (tenantId: string, botId: string) => `${tenantId}/${botId}`;

  function forget(change: BotChange): void {
    const now = performance.now();
    if (change.botId === undefined) {
      changedAt.set(change.tenantId, now);
      for (const key of bots.keys()) if (key.startsWith(`${change.tenantId}/`)) bots.delete(key);
    } else {
      const key = keyOf(change.tenantId, change.botId);
      changedAt.set(key, now);
      bots.delete(key);
    }
    // Changes older than the settling time no longer matter.
    if (changedAt.size > KEPT_BOTS) {
      for (const [key, at] of changedAt) if (now - at > SETTLING_MS) changedAt.delete(key);
    }
  }

  const isSettled = (tenantId: string, botId: string, now: number) => {
    const last = Math.max(
      changedAt.get(tenantId) ?? -Infinity,
      changedAt.get(keyOf(tenantId, botId)) ?? -Infinity,
    );
    return now - last > SETTLING_MS;
  };

  // Announcements of one bot within a moment travel as one message (an import writes many rows).
  const toAnnounce = new Map<string, BotChange>();
  let isAnnouncing = false;
  function announce(change: BotChange): void {
    toAnnounce.set(
      change.botId === undefined ? change.tenantId : keyOf(change.tenantId, change.botId),
      change,
    );
    if (isAnnouncing) return;
    isAnnouncing = true;
    setImmediate(() => {
      isAnnouncing = false;
      const changes = [...toAnnounce.values()];
      toAnnounce.clear();
      pubsub.publish(CHANNEL, { changes }).catch(() => undefined);
    });
  }

  return {
    /** Starts hearing other processes' changes. */
    async listen(): Promise<void> {
      await pubsub.subscribe(CHANNEL, ({ message }) => {
        const changes = (message as { changes?: unknown } | null)?.changes;
        if (!Array.isArray(changes)) return;
        for (const change of changes) {
          const c = change as Partial<BotChange> | null;
          if (typeof c?.tenantId !== 'string') continue;
          forget(
            typeof c.botId === 'string' ? { tenantId: c.tenantId, botId: c.botId } : { tenantId: c.tenantId },
          );
        }
      });
    },

    /** A repository wrote something turns keep: dropped here now, and on every process soon. */
    changed(change: BotChange): void {
      forget(change);
      announce(change);
    },

    /** The value kept under `name` for the bot, or what `load` reads (then kept until the bot changes). */
    remember<T>(bot: { tenantId: string; id: string }, name: string, load: () => Promise<T>): Promise<T> {
      const key = keyOf(bot.tenantId, bot.id);
      const now = performance.now();
      let entries = bots.get(key);
      const kept = entries?.get(name);
      if (kept && kept.until > now) {
        // Most recently used last: the first bot is the one to leave when too many are kept.
        bots.delete(key);
        bots.set(key, entries as Map<string, Kept>);
        return kept.value as Promise<T>;
      }
      if (!entries) {
        entries = new Map();
        bots.set(key, entries);
        if (bots.size > KEPT_BOTS) bots.delete(bots.keys().next().value as string);
      }
      const value = load();
      const entry: Kept = {
        value,
        until: isSettled(bot.tenantId, bot.id, now) ? Number.POSITIVE_INFINITY : now + UNSETTLED_KEEP_MS,
      };
      entries.set(name, entry);
      // A failed read is not kept: the next turn reads again.
      value.catch(() => {
        if (bots.get(key)?.get(name) === entry) bots.get(key)?.delete(name);
      });
      return value;
    },
  };
}

export type BotRuntimeCache = ReturnType<typeof createBotRuntimeCache>;

/** A bot of the scope's tenant by its id, as turns read it: kept until the bot changes. */
export const cachedBot = (
  cache: BotRuntimeCache,
  scope: TenantScope,
  botId: string,
): Promise<Bot | undefined> =>
  cache.remember({ tenantId: scope.tenantId, id: botId }, 'bot', () => scope.bots.getById(botId));
