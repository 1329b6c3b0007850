import { BOT_MESSAGES, type BotDetails, Permission } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Banner, Button } from '../../../../ui';
import { configurationKey, fetchConfiguration } from '../../../bot-configuration';
import { PublishButton, usePublishBot } from '../../../publishing';
import { fetchTenantDisabled, hideSnippetMigrationBanner } from '../../api/bots-api';
import { BOT_KEYS } from '../../hooks/bot-query-keys';
import { useBotPermissionIds } from '../../hooks/use-bots';

/**
 * The banners of the bot page (spec 01 'Bot screen start', spec 02 section 2.1) whose state
 * exists: tenant disabled, unpublished changes with the Publish button (permission 11), a link to
 * the manual's page on publishing, the snippet migration with its OK, and 'Chat not configured'
 * while channels the bot asked to connect are still being configured (spec 04 section 8).
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
  const permissions = useBotPermissionIds(bot.botName);
  const canPublish = permissions.data?.includes(Permission.PublishIntentsAndEntities) ?? false;
  // A publish in progress has its own panel; the banner waits until it ends (the sync status
  // is read live: the bot's own copy of it is as old as the bot query).
  const isSyncActive = usePublishBot(bot.botName).isPublishing;
  const configuration = useQuery({
    queryKey: configurationKey(bot.botName),
    queryFn: ({ signal }) => fetchConfiguration(bot.botName, signal),
    // A banner is no reason for an error pop-up.
    meta: { handlesErrors: true },
  });
  const beingConfigured = (configuration.data?.channels ?? []).filter(
    (channel) => channel.visible && channel.state === 'Connection requested',
  );

  return (
    <div className="bot-page__banners">
      {isTenantDisabled.data === true && (
        <Banner tone="error" title="Your account is disabled">
          Its subscription is invalid or a payment failed. Please contact your account administrator.
        </Banner>
      )}
      {!bot.isPublished && !isSyncActive && (
        <Banner
          tone="info"
          title="Unpublished changes"
          action={canPublish && <PublishButton botName={bot.botName} />}
        >
          {BOT_MESSAGES.unpublished}{' '}
          <Link to="/user-manual/publishing" target="_blank" rel="noreferrer">
            How publishing works
          </Link>
        </Banner>
      )}
      {beingConfigured.length > 0 && (
        <Banner tone="warning" title="Chat not configured">
          {`We are configuring ${beingConfigured.map((c) => c.name).join(', ')} for this bot. We will let you know when ${beingConfigured.length === 1 ? 'it is' : 'they are'} connected.`}
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
