import { EmptyState } from '../../../../ui';
import type { BotTabProps } from './bot-tabs';

/**
 * The analytics tab. Its dashboard comes with the analytics issue; until a bot has statistics
 * there is truly nothing to show, which is the dashboard's own empty state (spec 02 section 2.7).
 */
export function AnalyticsTab(_props: BotTabProps) {
  return (
    <EmptyState
      title="No data to display"
      description="Interactions, recognized intents and users show here once people talk to this bot."
    />
  );
}
