import { AppError, SLACK_KEYS } from '@parley/contracts';
import type { AppContext } from '../../../context';
import { definePlatform } from '../define-platform';
import { storePlatformKeys } from '../messaging/channel-keys.service';
import type { PlatformKeys } from '../messaging/messaging-platform';
import { webhookUrlOf } from '../messaging/messaging-platform';
import { slackClient, slackErrorOf } from './slack-api';
import { slackChannel } from './slack-channel';
import { slackInstallUrl, slackRedirectUrl } from './slack-install';
import { slackRoutes } from './slack-routes';

export const SLACK_KEYS_MESSAGES = {
  signingSecret: 'A Slack signing secret is 32 hexadecimal characters (Basic Information → App Credentials).',
  botTokenPrefix: 'A Slack bot token starts with xoxb-.',
  botTokenRefused: (error: string) => `Slack refused the bot token (${error}).`,
  unreachable: 'Slack could not be reached to check the bot token. Try again in a moment.',
} as const;

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** What a bot token is for: the workspace and the bot user (whose mentions are left out of texts). */
const NO_WORKSPACE = { teamId: '', teamName: '', botUserId: '' };

/**
 * A pasted bot token, checked with auth.test: the workspace and the bot user it is for are
 * learned with it. A cleared token forgets them.
 */
async function identityOfBotToken(ctx: AppContext, token: string): Promise<Record<string, unknown>> {
  if (token === '') return NO_WORKSPACE;
  if (!token.startsWith('xoxb-'))
    throw new AppError('validation_error', SLACK_KEYS_MESSAGES.botTokenPrefix, { fieldName: 'botToken' });
  try {
    const identity = await slackClient(ctx, token).auth.test();
    return {
      teamId: identity.team_id ?? '',
      teamName: identity.team ?? '',
      botUserId: identity.user_id ?? '',
    };
  } catch (failure) {
    const refusal = slackErrorOf(failure);
    if (refusal)
      throw new AppError('validation_error', SLACK_KEYS_MESSAGES.botTokenRefused(refusal.slice(0, 100)), {
        fieldName: 'botToken',
      });
    ctx.log.warn({ err: failure }, 'Slack auth.test failed');
    throw new AppError('configuration_error', SLACK_KEYS_MESSAGES.unreachable, {}, 502);
  }
}

/** Keys that must not stay as saved (a refused token's workspace, a malformed secret), before the refusal is answered. */
const forget = (ctx: AppContext, keys: PlatformKeys, changes: Record<string, unknown>) =>
  storePlatformKeys(ctx, ctx.repos.forTenant(keys.bot.tenantId), keys.bot, slackPlatform, {
    ...keys.values,
    ...changes,
  });

/** Slack's keys, the URLs to enter in the Slack app, 'Add to Slack', and Slack's calls (issue 14). */
export const slackPlatform = definePlatform({
  id: 'slack',
  keys: SLACK_KEYS,
  channels: { slack: slackChannel },
  shownKeys(ctx: AppContext, keys: PlatformKeys) {
    return {
      redirectUrl: slackRedirectUrl(ctx, keys.webhookId),
      eventSubscriptionUrl: webhookUrlOf(ctx, 'slack', keys.webhookId),
      redirectAction: slackInstallUrl(ctx, keys),
    };
  },
  /**
   * A malformed signing secret is dropped (every request would be refused with it); a new bot
   * token, or one whose check could not reach Slack before, is checked with auth.test; a token
   * Slack refuses is dropped with its workspace, so the channel shows as not connected.
   */
  async afterSave(ctx, keys, changed) {
    const signingSecret = textOf(keys.values.signingSecret);
    if (signingSecret !== '' && !/^[0-9a-f]{32}$/i.test(signingSecret)) {
      await forget(ctx, keys, { signingSecret: '' });
      throw new AppError('validation_error', SLACK_KEYS_MESSAGES.signingSecret, {
        fieldName: 'signingSecret',
      });
    }
    const token = textOf(keys.values.botToken);
    if (!changed.includes('botToken') && (token === '' || textOf(keys.values.teamId) !== '')) return {};
    try {
      return await identityOfBotToken(ctx, token);
    } catch (refusal) {
      // A token Slack refused is of no use; one Slack could not be asked about is checked again on the next save.
      const isRefused = refusal instanceof AppError && refusal.code === 'validation_error';
      await forget(ctx, keys, { ...NO_WORKSPACE, ...(isRefused ? { botToken: '' } : {}) });
      throw refusal;
    }
  },
  routes(app, ctx) {
    slackRoutes(app, ctx, slackPlatform);
  },
});
