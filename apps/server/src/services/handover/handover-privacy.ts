import type { InboundActivity, OutboundActivity } from '@parley/contracts';
import type { Bot, TenantScope } from '@parley/db';
import { gdprSettingsOf } from '../features/feature-settings.service';
import { turnRecording } from '../gdpr/turn-privacy';

/**
 * What of a handed-over conversation's messages is kept and shown (spec 04 section 3.7), as for
 * the bot's turns: the log holds masked texts, and no texts of a user who did not consent; the
 * inbox shows the agent the masked text live (the agent has to read it to answer).
 */
export interface HandoverRecording {
  logged<T extends InboundActivity | OutboundActivity>(activity: T): T;
  shown<T extends InboundActivity | OutboundActivity>(activity: T): T;
}

export async function handoverRecording(
  scope: TenantScope,
  bot: Bot,
  userKey: string,
): Promise<HandoverRecording> {
  const gdpr = gdprSettingsOf(bot);
  const isRecorded =
    !gdpr.askForConsent || (await scope.consents(bot.id).latestOf(userKey))?.decision === 'agreed';
  const masked = turnRecording(gdpr, true);
  const recorded = turnRecording(gdpr, isRecorded);
  return {
    logged: (activity) => recorded.activity(activity),
    shown: (activity) => masked.activity(activity),
  };
}
