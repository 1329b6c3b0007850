import { LLM_LIMIT_REFUSALS, LLM_MESSAGES, type LlmLimitRefusal } from '@parley/contracts';
import { popup } from '../../../../ui';

/** A create or an import refused by the plan's cap on LLMs carries one of these. */
export const isLlmLimitRefusal = (value: unknown): value is LlmLimitRefusal =>
  (LLM_LIMIT_REFUSALS as readonly unknown[]).includes(value);

/**
 * The plan cap's messages (spec 04 section 8); true when the caller agreed to the additional cost
 * and the create should be repeated with that consent. The Upgrade button waits for the
 * Subscription screen, as the bots' does (docs/decisions.md).
 */
export async function reactToLlmLimit(refusal: LlmLimitRefusal): Promise<boolean> {
  if (refusal === 'additional-cost')
    return popup.confirm({
      title: 'Additional cost',
      text: LLM_MESSAGES.extraCostLlms,
      actionText: 'Continue',
    });
  await popup.warning({ title: refusal === 'no-plan' ? LLM_MESSAGES.noSubscription : LLM_MESSAGES.maxLlms });
  return false;
}
