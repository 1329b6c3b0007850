import { AppError, NLU_PERFORMANCE_MESSAGES as M } from '@parley/contracts';
import type { Bot } from '@parley/db';
import type { NluTrainingData } from '@parley/nlu';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { loadBot } from '../bots/bot-access.service';
import { planOf } from '../tenancy/tenant-plan.service';

/**
 * The bot of an NLU performance call. The plan's metadata.hasNluPerformance gates the area;
 * a plan without the field has it (docs/decisions.md 'NLU performance').
 */
export async function nluPerformanceBot(ctx: AppContext, principal: Principal, botRef: BotRef): Promise<Bot> {
  const plan = await planOf(ctx, principal);
  if (plan?.metadata.hasNluPerformance === false)
    throw new AppError('custom_error', M.notInPlan, { planFeature: 'hasNluPerformance' }, 403);
  return loadBot(principal, botRef);
}

/** Training needs at least one intent with an utterance or a pattern. */
export const hasExamples = (data: NluTrainingData): boolean =>
  data.intents.some((i) => i.utterances.length > 0 || (i.patterns ?? []).length > 0);
