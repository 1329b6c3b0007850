import { z } from 'zod';
import type { PubSub } from '../shared-state';
import type { Principal } from './principal';

/**
 * Who a change to sessions, accounts, memberships, bot roles or tenants concerns. A tenant
 * change concerns the sessions working in that tenant (a bot or a role deleted there).
 */
export type AuthChange =
  | { sessionIds: string[] }
  | { userIds: string[] }
  | { tenantIds: string[] }
  | { everyone: true };

const authChangeSchema = z.union([
  z.object({ sessionIds: z.array(z.string()).max(10_000) }),
  z.object({ userIds: z.array(z.string()).max(10_000) }),
  z.object({ tenantIds: z.array(z.string()).max(10_000) }),
  z.object({ everyone: z.literal(true) }),
]);

/** Whether a change concerns a session of this user working in this tenant. */
export function concerns(
  change: AuthChange,
  session: { sessionId: string; userId: string; tenantId: string },
): boolean {
  if ('everyone' in change) return true;
  if ('sessionIds' in change) return change.sessionIds.includes(session.sessionId);
  if ('userIds' in change) return change.userIds.includes(session.userId);
  return change.tenantIds.includes(session.tenantId);
}

const CHANNEL = 'parley:auth-changes';
/** Sessions whose principal one process keeps; the least recently used go first. */
const MAX_ENTRIES = 10_000;
/**
 * A safety net, not the mechanism: every change made through the app is announced at once.
 * It bounds only changes made where no announcement reaches (the CLI on the embedded default).
 */
const TTL_MS = 30_000;

/**
 * The resolved principal of each active session (user, selected tenant, admin flags), so an
 * authenticated request that was answered before needs no query at all instead of five. An
 * entry stands for "this session was active": every process evicts entries when a logout, a
 * password change, a membership, role or tenant change is announced on the pub/sub, so each
 * takes effect at once everywhere (as fast as the pub/sub delivers: well under a millisecond
 * on one network).
 */
export interface PrincipalCache {
  get(sessionId: string, userId: string): Principal | undefined;
  /** Counts forgets: a principal resolved before a forget may be stale and is not kept. */
  generation(): number;
  set(principal: Principal, resolvedAtGeneration: number): void;
  forget(change: AuthChange): void;
  /** Tells every process (this one at once) to forget the principals a change concerns. */
  announce(change: AuthChange): Promise<void>;
  /** Starts hearing other processes' announcements; answers the function that stops it. */
  listen(): Promise<() => Promise<void>>;
  /**
   * Calls `listener` with every change this process forgets (its own announcements and other
   * processes'), after the entries are gone: what else caches a decision (the websocket
   * gateway's subscriptions) drops it too. Answers the function that stops it.
   */
  onForget(listener: (change: AuthChange) => void): () => void;
}

export function createPrincipalCache(pubsub: PubSub, now: () => number = Date.now): PrincipalCache {
  const entries = new Map<string, { principal: Principal; expiresAt: number }>();
  const forgetListeners = new Set<(change: AuthChange) => void>();
  let forgets = 0;
  const cache: PrincipalCache = {
    generation: () => forgets,
    get(sessionId, userId) {
      const entry = entries.get(sessionId);
      if (!entry) return undefined;
      if (entry.expiresAt <= now() || entry.principal.user.id !== userId) {
        entries.delete(sessionId);
        return undefined;
      }
      // Re-inserted: Map order is the recency order the eviction reads.
      entries.delete(sessionId);
      entries.set(sessionId, entry);
      return entry.principal;
    },
    set(principal, resolvedAtGeneration) {
      if (resolvedAtGeneration !== forgets) return;
      entries.delete(principal.sessionId);
      entries.set(principal.sessionId, { principal, expiresAt: now() + TTL_MS });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    },
    forget(change) {
      forgets++;
      if ('everyone' in change) entries.clear();
      else if ('sessionIds' in change) for (const sessionId of change.sessionIds) entries.delete(sessionId);
      else
        for (const [sessionId, { principal }] of entries)
          if (concerns(change, { sessionId, userId: principal.user.id, tenantId: principal.tenantId }))
            entries.delete(sessionId);
      for (const listener of forgetListeners) listener(change);
    },
    onForget(listener) {
      forgetListeners.add(listener);
      return () => forgetListeners.delete(listener);
    },
    async announce(change) {
      cache.forget(change);
      await pubsub.publish(CHANNEL, change);
    },
    listen() {
      return pubsub.subscribe(CHANNEL, ({ message }) => {
        const change = authChangeSchema.safeParse(message);
        // A message we cannot read could be any change: forget everything rather than guess.
        cache.forget(change.success ? change.data : { everyone: true });
      });
    },
  };
  return cache;
}
