import { BOT_MESSAGES, type BotDetails } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Banner, Button } from '../../../../ui';
import { fetchTenantDisabled, hideSnippetMigrationBanner } from '../../api/bots-api';
import { BOT_KEYS } from '../../hooks/bot-query-keys';

/**
 * The banners of the bot page (spec 01 'Bot screen start', spec 02 section 2.1) whose state
 * exists: tenant disabled, unpublished changes (its Publish button comes with publishing) and
 * the snippet migration with its OK.
 */
export function BotBanners({ bot }: { bot: BotDetails }) {
  const queryClient = useQueryClient();
  const isTenantDisabled = useQuery({
    queryKey: ['tenant', 'disabled'],
    queryFn: ({ signal }) => fetchTenantDisabled(signal),
  });
  const hideSnippetBanner = useMutation({
    mutationFn: () => hideSnippetMigrationBanner(bot.botName),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BOT_KEYS.bot(bot.botName) }),
  });
  // A publish in progress has its own panel; the banner waits until it ends.
  const isSyncActive = bot.syncStatus !== null;

  return (
    <div className="bot-page__banners">
      {isTenantDisabled.data === true && (
        <Banner tone="error" title="Your account is disabled">
          Its subscription is invalid or a payment failed. Please contact your account administrator.
        </Banner>
      )}
      {!bot.isPublished && !isSyncActive && (
        <Banner tone="info" title="Unpublished changes">
          {BOT_MESSAGES.unpublished}
        </Banner>
      )}
      {bot.showSnippetMigrationBanner && (
        <Banner
          tone="warning"
          title={BOT_MESSAGES.snippetMigration}
          action={
            <Button
              size="sm"
              variant="secondary"
              onClick={() => hideSnippetBanner.mutate()}
              isLoading={hideSnippetBanner.isPending}
            >
              OK
            </Button>
          }
        />
      )}
    </div>
  );
}
