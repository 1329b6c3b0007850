import {
  AppError,
  EDITOR_LOCK_POLL_MS,
  EDITOR_LOCK_TTL_MS,
  type EditorLockView,
  FLOW_EDITOR_MESSAGES as M,
} from '@parley/contracts';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import { loadBot } from '../bots/bot-access.service';

/** 423 Locked: someone else has the bot's editor open (spec 03 sections 2.1, 4.1). */
export const editorLocked = () => new AppError('custom_error', M.locked, { isLocked: true }, 423);

/**
 * GET /api/bots/{bot}/editor: takes the bot's editor lock for the caller's sign-in session, or
 * refreshes it (the editor asks every 3 s). Held by another session that still asks, it is a 423.
 * The same user signed in elsewhere is another session, so another holder: the lock protects
 * against two editors overwriting each other, whoever has them open.
 */
export async function takeEditorLock(
  principal: Principal,
  botRef: BotRef,
  now: Date = new Date(),
): Promise<EditorLockView> {
  const bot = await loadBot(principal, botRef);
  const taken = await principal.scope.editorLocks.take(
    bot.id,
    { sessionId: principal.sessionId, userId: principal.user.id },
    now,
    EDITOR_LOCK_TTL_MS,
  );
  if (!taken.isHeld) throw editorLocked();
  return {
    isLocked: false,
    heldSince: taken.takenAt,
    expiresAt: taken.expiresAt,
    pollIntervalMs: EDITOR_LOCK_POLL_MS,
  };
}

/** DELETE /api/bots/{bot}/editor: frees the lock if the caller's session holds it; else nothing happens. */
export async function releaseEditorLock(principal: Principal, botRef: BotRef): Promise<void> {
  const bot = await loadBot(principal, botRef);
  await principal.scope.editorLocks.release(bot.id, principal.sessionId);
}
