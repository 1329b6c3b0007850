import { ANALYTICS_MESSAGES, Permission } from '@parley/contracts';
import { handleApiError } from '../../../api/error-reactions';
import { Button, DownloadIcon, EmptyState, Spinner } from '../../../ui';
import type { AnalyticsTabProps } from '../analytics-tab-props';
import { downloadUtterances } from '../api/analytics-api';
import { useWebWidget } from '../hooks/use-analytics';
import { UserRatings } from './UserRatings';
import '../analytics.css';

/**
 * The analytics tab (spec 02 section 2.7). It loads only when the bot's web widget, its test
 * chat, is enabled ('Test Chat is not enabled.' otherwise). The charts and statistics come with
 * the analytics issue; until then the tab shows this month's User Ratings and, for those who may
 * export logs, the utterances download.
 */
export function AnalyticsTab({ bot, permissions }: AnalyticsTabProps) {
  const widget = useWebWidget(bot.botName);
  if (widget.isPending) return <Spinner label="Loading the dashboard" />;
  if (!widget.data?.enabled)
    return (
      <EmptyState
        title={ANALYTICS_MESSAGES.testChatDisabled}
        description="The test chat answers once a flow is activated to test and, for a bot with a recognizer, its model is published."
      />
    );
  const now = new Date();
  return (
    <div className="analytics">
      {permissions.includes(Permission.ExportLogs) && (
        <div className="analytics__actions">
          <Button
            variant="secondary"
            icon={<DownloadIcon />}
            onClick={() => void downloadUtterances(bot.botName).catch(handleApiError)}
          >
            Download utterances
          </Button>
        </div>
      )}
      <EmptyState
        title="No data to display"
        description="Interactions, recognized intents and users show here once people talk to this bot."
      />
      <UserRatings
        botName={bot.botName}
        permissions={permissions}
        month={now.getMonth() + 1}
        year={now.getFullYear()}
      />
    </div>
  );
}
