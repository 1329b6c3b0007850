import { AppError, conflict, notFound, Permission } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/guard';
import type { AppContext } from '../../../context';
import { botNamed } from '../../bots/bot-access.service';
import { keysOfWebhook, readPlatformKeys } from '../messaging/channel-keys.service';
import { receiveMessage } from '../messaging/inbound-message';
import type { MessagingPlatform } from '../messaging/messaging-platform';
import { type TeamsAddress, type TeamsInboundActivity, teamsInboundActivitySchema } from './teams-activity';
import { teamsChannel } from './teams-channel';
import { TEAMS_MESSAGES } from './teams-messages';
import { tokenVouchesFor, verifyBotFrameworkToken } from './teams-request-auth';

/** Where a user adds the bot to Teams: a chat with the bot's id (28: is Teams' prefix for bots). */
export const teamsAddUrlOf = (appId: string) =>
  `https://teams.microsoft.com/l/chat/0/0?users=28:${encodeURIComponent(appId)}`;

const refused = () => new AppError('unauthorised_error_code', TEAMS_MESSAGES.notSigned);

function activityOf(body: unknown): TeamsInboundActivity {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.isBuffer(body) ? body.toString('utf8') : '');
  } catch {
    throw new AppError('validation_error', 'The activity must be JSON.');
  }
  const parsed = teamsInboundActivitySchema.safeParse(json);
  if (!parsed.success) throw new AppError('validation_error', 'This is not a Bot Framework activity.');
  return parsed.data;
}

const addressOf = (activity: TeamsInboundActivity): TeamsAddress => {
  const tenantId = activity.conversation.tenantId ?? activity.channelData?.tenant?.id;
  return {
    serviceUrl: activity.serviceUrl,
    conversationId: activity.conversation.id,
    botId: activity.recipient.id,
    userId: activity.from.id,
    ...(tenantId ? { tenantId } : {}),
    replyToId: activity.id,
  };
};

/**
 * Teams' messaging endpoint (the Bot Framework's channel service posts each activity here,
 * authenticated by its JWT), and the 'Add to Teams' link of spec 04 section 7.1.
 */
export function teamsRoutes(app: FastifyInstance, ctx: AppContext, platform: MessagingPlatform): void {
  app.post<{ Params: { webhookId: string } }>(
    '/webhooks/teams/:webhookId',
    { config: { access: 'public' } },
    async (request, reply) => {
      const keys = await keysOfWebhook(ctx, platform, request.params.webhookId);
      if (!keys) throw notFound('No Teams bot has this messaging endpoint.');
      const appId = String(keys.values.appId ?? '');
      const verified = await verifyBotFrameworkToken(ctx, request.headers.authorization, appId);
      if (!verified.ok) {
        request.log.info({ reason: verified.reason }, 'Teams: a request without a valid Bot Framework token');
        throw refused();
      }
      const activity = activityOf(request.body);
      if (!(await tokenVouchesFor(ctx, verified.claims, verified.kid, activity))) throw refused();

      const inbound = teamsChannel.toActivity(activity);
      // The channel service wants 200 for what the bot does not answer too (conversationUpdate, typing).
      if (!inbound) return reply.code(200).send();
      await receiveMessage(
        ctx,
        teamsChannel,
        keys,
        {
          messageId: activity.id,
          userKey: `teams:${activity.from.aadObjectId ?? activity.from.id}`,
          address: { ...addressOf(activity) },
          activity: inbound,
          ...(activity.locale ? { language: activity.locale } : {}),
        },
        { send: true, timeoutMinutes: Number(keys.values.messagesTimeout ?? 0) },
      );
      return reply.code(200).send();
    },
  );

  app.get<{ Params: { bot: string } }>(
    '/api/teams/:bot/bot/add-url',
    { config: { access: { botPermission: [Permission.ManageChannels] } } },
    async (request) => {
      const principal = principalOf(request);
      const bot = await botNamed(principal, request.params.bot);
      const keys = await readPlatformKeys(ctx, principal.scope, bot, platform);
      const appId = String(keys?.values.appId ?? '');
      if (keys?.values.isEnabled !== true || appId === '') throw conflict(TEAMS_MESSAGES.notEnabled);
      return { url: teamsAddUrlOf(appId) };
    },
  );
}
