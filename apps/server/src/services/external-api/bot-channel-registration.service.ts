import type { BotChannelRegistrationView } from '@parley/contracts';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { externalApiSettings } from './api-keys.service';

/**
 * GET /api/bots/{bot}/bcr (spec 02 section 7: 'keys with externalApiKeys'): where the bot's chat
 * registration (Azure's Bot Channels Registration in the spec's source) would be. Parley is the
 * Direct Line service itself, so it is the External API channel's: its keys by id with a hint of
 * each (the keys are shown once, when generated), the conversation timeout and the endpoint.
 */
export async function botChannelRegistration(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
): Promise<BotChannelRegistrationView> {
  const settings = await externalApiSettings(ctx, principal, botRef);
  return {
    externalApiKeys: Object.fromEntries(
      settings.apiKeys.map((key) => [
        key.keyId,
        { keyId: key.keyId, apiKey: key.hint, isLocked: key.isLocked },
      ]),
    ),
    conversationIdLifeTime: settings.conversationIdLifeTime,
    directLineUrl: settings.directLineUrl,
  };
}
