import type { BotDetails } from '@parley/contracts';

/** What the bot page gives the analytics tab (a part of its tab props). */
export interface AnalyticsTabProps {
  bot: BotDetails;
  /** The caller's permission ids on the bot. */
  permissions: readonly number[];
}
