import { SLACK_BOT_SCOPES } from '@parley/contracts';
import type { AppContext } from '../../../context';
import { keysOfWebhook, storePlatformKeys } from '../messaging/channel-keys.service';
import { type MessagingPlatform, type PlatformKeys, webhookUrlOf } from '../messaging/messaging-platform';
import { slackClient, slackErrorOf } from './slack-api';
import { isSlackInstallState, slackInstallState } from './slack-install-state';

/** Where Slack sends the installing admin back with the code (the app's OAuth Redirect URL). */
export const slackRedirectUrl = (ctx: AppContext, webhookId: string) =>
  webhookUrlOf(ctx, 'slack', webhookId, 'oauth');

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * 'Add to Slack' (redirectAction): Slack's OAuth v2 authorize page for the app, asking for the
 * bot scopes, coming back to the redirect URL with a state naming this bot. Empty until the client
 * id and secret are saved (the code cannot be exchanged without them).
 */
export function slackInstallUrl(ctx: AppContext, keys: PlatformKeys): string {
  const clientId = textOf(keys.values.clientId);
  if (clientId === '' || textOf(keys.values.clientSecret) === '') return '';
  const url = new URL(ctx.config.platforms.slackAuthorize);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('scope', SLACK_BOT_SCOPES.join(','));
  url.searchParams.set('redirect_uri', slackRedirectUrl(ctx, keys.webhookId));
  url.searchParams.set('state', slackInstallState(ctx, keys.webhookId));
  return url.toString();
}

export const SLACK_INSTALL_MESSAGES = {
  unknownBot:
    'This Slack redirect URL names no bot. Copy the Redirect URL again from the Slack dialog in Parley.',
  badState:
    "This install link is not valid or has expired. Open the Slack dialog in Parley and click 'Add to Slack' again.",
  denied: (error: string) => `Slack did not install the app (${error}).`,
  noCode: 'Slack sent no authorization code.',
  noCredentials: 'Save the client ID and client secret in the Slack dialog first.',
  refused: (error: string) =>
    `Slack refused to install the app (${error}). Check the client ID and client secret.`,
  unreachable: 'Slack could not be reached. Try again in a moment.',
  notABot: 'Slack answered without a bot token: add a bot user to the Slack app (App Home) and try again.',
} as const;

export type SlackInstallOutcome =
  | { kind: 'installed'; keys: PlatformKeys }
  | { kind: 'refused'; status: number; message: string; keys?: PlatformKeys };

export interface SlackInstallQuery {
  code?: unknown;
  state?: unknown;
  error?: unknown;
}

/**
 * The OAuth redirect: a state this server signed for this bot, then the code exchanged for the
 * workspace's bot token (oauth.v2.access), which is stored sealed with the workspace it is for.
 */
export async function completeSlackInstall(
  ctx: AppContext,
  platform: MessagingPlatform,
  webhookId: string,
  query: SlackInstallQuery,
): Promise<SlackInstallOutcome> {
  const keys = await keysOfWebhook(ctx, platform, webhookId);
  if (!keys) return { kind: 'refused', status: 404, message: SLACK_INSTALL_MESSAGES.unknownBot };
  if (!isSlackInstallState(ctx, textOf(query.state), webhookId))
    return { kind: 'refused', status: 403, message: SLACK_INSTALL_MESSAGES.badState };
  const error = textOf(query.error).slice(0, 100);
  if (error) return { kind: 'refused', status: 400, message: SLACK_INSTALL_MESSAGES.denied(error), keys };
  const code = textOf(query.code);
  if (code === '' || code.length > 500)
    return { kind: 'refused', status: 400, message: SLACK_INSTALL_MESSAGES.noCode, keys };
  const clientId = textOf(keys.values.clientId);
  const clientSecret = textOf(keys.values.clientSecret);
  if (clientId === '' || clientSecret === '')
    return { kind: 'refused', status: 400, message: SLACK_INSTALL_MESSAGES.noCredentials, keys };

  let access: Awaited<ReturnType<ReturnType<typeof slackClient>['oauth']['v2']['access']>>;
  try {
    access = await slackClient(ctx).oauth.v2.access({
      client_id: clientId,
      client_secret: clientSecret,
      code,
      redirect_uri: slackRedirectUrl(ctx, webhookId),
    });
  } catch (failure) {
    const refusal = slackErrorOf(failure);
    if (!refusal) ctx.log.warn({ err: failure }, 'Slack oauth.v2.access failed');
    return refusal
      ? { kind: 'refused', status: 400, message: SLACK_INSTALL_MESSAGES.refused(refusal.slice(0, 100)), keys }
      : { kind: 'refused', status: 502, message: SLACK_INSTALL_MESSAGES.unreachable, keys };
  }
  const token = access.access_token ?? '';
  if (access.token_type !== 'bot' || !token.startsWith('xoxb-'))
    return { kind: 'refused', status: 400, message: SLACK_INSTALL_MESSAGES.notABot, keys };
  const scope = ctx.repos.forTenant(keys.bot.tenantId);
  const installed = await storePlatformKeys(ctx, scope, keys.bot, platform, {
    ...keys.values,
    botToken: token,
    teamId: access.team?.id ?? '',
    teamName: access.team?.name ?? '',
    botUserId: access.bot_user_id ?? '',
  });
  return { kind: 'installed', keys: installed };
}
