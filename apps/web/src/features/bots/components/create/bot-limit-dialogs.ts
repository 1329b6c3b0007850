import { BOT_MESSAGES, type BotLimitRefusal } from '@parley/contracts';
import { popup } from '../../../../ui';

/**
 * At the cap without extra-cost bots: the dialog asking for an upgrade. Its Upgrade button
 * comes back with the Subscription screen (the plans issue); a link to a screen that is not
 * built would lead nowhere (docs/decisions.md).
 */
export const offerUpgrade = (): Promise<void> =>
  popup.warning({ title: 'Upgrade your plan', text: BOT_MESSAGES.botLimitReached });

/** At the cap with extra-cost bots: the warning; true to go on at additional cost. */
export const warnAdditionalCost = (): Promise<boolean> =>
  popup.confirm({
    title: 'Additional cost',
    text: BOT_MESSAGES.botLimitAdditionalCost,
    actionText: 'Continue',
  });

export const isBotLimitRefusal = (value: unknown): value is BotLimitRefusal =>
  value === 'reached' || value === 'additional-cost' || value === 'no-plan';

/**
 * The server refused a new bot over the plan's cap (a race with the check before the dialog
 * opened): the cap's dialogs. True when the caller agreed to the additional cost and the call
 * should be repeated with that consent; `onCapReached` after the upgrade dialog.
 */
export async function reactToBotLimit(refusal: BotLimitRefusal, onCapReached: () => void): Promise<boolean> {
  if (refusal === 'additional-cost') return warnAdditionalCost();
  if (refusal === 'no-plan') {
    await popup.warning({ title: BOT_MESSAGES.noPlan });
    return false;
  }
  await offerUpgrade();
  onCapReached();
  return false;
}
