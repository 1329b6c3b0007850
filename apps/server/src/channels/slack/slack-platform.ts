import { AppError, SLACK_KEYS } from '@parley/contracts';
import type { AppContext } from '../../context';
import type { MessagingPlatform, PlatformKeys } from '../messaging/messaging-platform';
import { webhookUrlOf } from '../messaging/messaging-platform';
import { slackClient, slackErrorOf } from './slack-api';
import { slackInstallUrl, slackRedirectUrl } from './slack-install';
import { slackRoutes } from './slack-routes';

export const SLACK_KEYS_MESSAGES = {
  signingSecret: 'A Slack signing secret is 32 hexadecimal characters (Basic Information → App Credentials).',
  botTokenPrefix: 'A Slack bot token starts with xoxb-.',
  botTokenRefused: (error: string) => `Slack refused the bot token (${error}).`,
  unreachable: 'Slack could not be reached to check the bot token. Try again in a moment.',
} as const;

/**
 * A pasted bot token, checked with auth.test: the workspace and the bot user it is for are
 * learned with it. A cleared token forgets them.
 */
async function checkBotToken(ctx: AppContext, token: string): Promise<Record<string, unknown>> {
  if (token === '') return { teamId: '', teamName: '', botUserId: '' };
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

/** Slack's keys, the URLs to enter in the Slack app, 'Add to Slack', and Slack's calls (issue 14). */
export const slackPlatform: MessagingPlatform = {
  id: 'slack',
  keys: SLACK_KEYS,
  shownKeys(ctx: AppContext, keys: PlatformKeys) {
    return {
      redirectUrl: slackRedirectUrl(ctx, keys.webhookId),
      eventSubscriptionUrl: webhookUrlOf(ctx, 'slack', keys.webhookId),
      redirectAction: slackInstallUrl(ctx, keys),
    };
  },
  async afterSave(ctx, keys, changed) {
    const signingSecret = keys.values.signingSecret;
    if (changed.includes('signingSecret') && typeof signingSecret === 'string' && signingSecret !== '')
      if (!/^[0-9a-f]{32}$/i.test(signingSecret))
        throw new AppError('validation_error', SLACK_KEYS_MESSAGES.signingSecret, {
          fieldName: 'signingSecret',
        });
    if (!changed.includes('botToken')) return {};
    return checkBotToken(ctx, typeof keys.values.botToken === 'string' ? keys.values.botToken : '');
  },
  routes(app, ctx) {
    slackRoutes(app, ctx, slackPlatform);
  },
};
