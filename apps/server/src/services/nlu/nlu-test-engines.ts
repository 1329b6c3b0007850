import { engineById } from '@parley/contracts';
import type { Bot } from '@parley/db';
import type { AppContext } from '../../context';
import { botRefOf } from './engine/bot-ref';

/**
 * Whether a provider can be measured for the bot: the embedded engine always (it needs no
 * account); a cloud one when its resource and NLU exist. Unconfigured providers are never
 * measured (spec 04 section 4 'Measuring').
 */
export async function isConfiguredFor(ctx: AppContext, bot: Bot, id: string): Promise<boolean> {
  const provider = ctx.nluProviders.get(id);
  if (!provider) return false;
  if (engineById(id)?.isEmbedded) return true;
  const status = await provider.status(botRefOf(bot));
  return status.hasResource && status.hasNlu;
}
