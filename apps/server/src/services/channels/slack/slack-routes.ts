import { AppError } from '@parley/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../../context';
import { isChannelEnabled } from '../channel-plugins';
import { keysOfWebhook } from '../messaging/channel-keys.service';
import { receiveMessage } from '../messaging/inbound-message';
import type { MessagingPlatform, PlatformKeys } from '../messaging/messaging-platform';
import { slackChannel } from './slack-channel';
import { showChoiceInClickedMessage } from './slack-clicked-message';
import { readSlackRequest, type SlackInbound } from './slack-inbound';
import { completeSlackInstall, type SlackInstallQuery } from './slack-install';
import { slackSignatureProblem } from './slack-signature';

export const SLACK_WEBHOOK_MESSAGES = {
  unknownWebhook: 'No bot has this Slack URL.',
  notAnEvent: 'This is not a Slack event or interaction.',
} as const;

type WebhookParams = { Params: { webhookId: string } };
const PUBLIC = { config: { access: 'public' } } as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The bot's Configuration tab in Parley's web app, where the Slack dialog is. */
const configurationTabOf = (ctx: AppContext, keys: PlatformKeys) =>
  `${ctx.config.publicUrl}/bots/${encodeURIComponent(keys.bot.botName)}/settings/configuration`;

/** A page for the admin's browser when an install did not complete, with the way back. */
function installProblemPage(reply: FastifyReply, status: number, message: string, back: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Slack install</title></head>` +
        `<body><h1>The Slack app was not installed</h1><p>${escapeHtml(message)}</p>` +
        `<p><a href="${escapeHtml(back)}">Back to Parley</a></p></body></html>`,
    );
}

/**
 * Slack's calls to the bot: the Events API and interactivity at one request URL (signed with the
 * app's signing secret), and the OAuth redirect of 'Add to Slack'.
 */
export function slackRoutes(app: FastifyInstance, ctx: AppContext, platform: MessagingPlatform): void {
  app.post<WebhookParams>('/webhooks/slack/:webhookId', PUBLIC, async (request, reply) => {
    const keys = await keysOfWebhook(ctx, platform, request.params.webhookId);
    if (!keys) throw new AppError('not-found_error', SLACK_WEBHOOK_MESSAGES.unknownWebhook);
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const problem = slackSignatureProblem(keys.values.signingSecret, request.headers, body);
    if (problem) throw new AppError('unauthorised_error_code', problem);

    const botUserId = typeof keys.values.botUserId === 'string' ? keys.values.botUserId : undefined;
    const read = readSlackRequest(body, request.headers['content-type'], botUserId);
    switch (read.kind) {
      case 'malformed':
        throw new AppError('validation_error', SLACK_WEBHOOK_MESSAGES.notAnEvent);
      case 'challenge':
        return reply.send({ challenge: read.challenge });
      case 'ignored':
        return reply.code(200).send();
      case 'inbound': {
        const installedTeam = typeof keys.values.teamId === 'string' ? keys.values.teamId : '';
        // An app distributed to other workspaces: the bot's token answers only its own.
        if (installedTeam !== '' && installedTeam !== read.inbound.team) return reply.code(200).send();
        // Switched off on the Configuration tab: decided before answering, so nothing runs after.
        const scope = ctx.repos.forTenant(keys.bot.tenantId);
        if (!(await isChannelEnabled(scope, keys.bot, slackChannel.id))) return reply.code(200).send();
        // Slack waits 3 seconds and then sends again: answer now, take the turn after.
        reply.code(200).send();
        setImmediate(() => void takeSlackTurn(ctx, keys, read.inbound));
        return reply;
      }
    }
  });

  app.get<WebhookParams & { Querystring: SlackInstallQuery }>(
    '/webhooks/slack/oauth/:webhookId',
    PUBLIC,
    async (request, reply) => {
      const outcome = await completeSlackInstall(
        ctx,
        platform,
        request.params.webhookId,
        request.query ?? {},
      );
      if (outcome.kind === 'installed') return reply.redirect(configurationTabOf(ctx, outcome.keys), 302);
      const back = outcome.keys ? configurationTabOf(ctx, outcome.keys) : `${ctx.config.publicUrl}/bots`;
      return installProblemPage(reply, outcome.status, outcome.message, back);
    },
  );
}

/** One user's message or click through the bot; a retried event_id is answered once (receipts). */
async function takeSlackTurn(ctx: AppContext, keys: PlatformKeys, inbound: SlackInbound): Promise<void> {
  try {
    const outcome = await receiveMessage(
      ctx,
      slackChannel,
      keys,
      {
        messageId: inbound.messageId,
        userKey: `slack:${inbound.team}:${inbound.user}`,
        address: { ...inbound.address },
        activity: inbound.activity,
      },
      { send: true },
    );
    if (outcome.kind === 'answered' && inbound.clicked)
      await showChoiceInClickedMessage(ctx, keys, inbound.clicked);
  } catch (error) {
    ctx.log.error({ err: error, botId: keys.bot.id }, 'a Slack message could not be answered');
  }
}
