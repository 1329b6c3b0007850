import { AppError, SYNC_MESSAGES } from '@parley/contracts';
import type { Bot } from '@parley/db';
import type { AppContext } from '../../context';
import { activeSyncs } from './synchronization-liveness';

/**
 * What a running publish blocks (spec 02 sections 4 and 8 'Publishing block'): every change of
 * intents (and their examples), entities, functions and objects. Reading, exports and running
 * a function stay allowed. The content unit-of-work helpers (changeBotContent,
 * changeBotFunctions, changeVariables for objects) ask, so every way of changing content obeys
 * it: the API, bundle import into an existing bot, the CLI and the runtime.
 */
const BLOCKED_MESSAGES = {
  intents: SYNC_MESSAGES.intentsBlocked,
  entities: SYNC_MESSAGES.entitiesBlocked,
  functions: SYNC_MESSAGES.functionsBlocked,
  objects: SYNC_MESSAGES.objectsBlocked,
} as const;
export type PublishedArea = keyof typeof BLOCKED_MESSAGES;

/** 409 custom_error with the spec's message while a sync of the bot is active. */
export async function assertNotPublishing(ctx: AppContext, bot: Bot, area: PublishedArea): Promise<void> {
  if ((await activeSyncs(ctx, bot)).length > 0) {
    throw new AppError('custom_error', BLOCKED_MESSAGES[area], {}, 409);
  }
}
