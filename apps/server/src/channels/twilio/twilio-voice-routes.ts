import { AppError } from '@parley/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { isChannelEnabled } from '../channel-plugins';
import { channelFileUrl } from '../messaging/channel-files';
import { receiveMessage } from '../messaging/inbound-message';
import { twilioVoiceChannel } from './twilio-voice-channel';
import { authenticatedVoiceRequest, TWILIO_VOICE_MESSAGES } from './twilio-voice-request';
import { voiceSettingsOf } from './twilio-voice-settings';
import { answerTwiml, hangupTwiml, listenTwiml, rejectTwiml } from './twilio-voice-twiml';
import { gatherUrlOf } from './twilio-voice-webhook';

type WebhookRequest = { Params: { webhookId: string } };

/** The most turns one call takes; a higher turn in a signed URL is not one Parley wrote. */
const MAX_TURNS = 100_000;

const twiml = (reply: FastifyReply, xml: string) => reply.type('text/xml; charset=utf-8').send(xml);

/** The turn and the offered options of a Gather's action URL (gatherUrlOf). */
function gatherQueryOf(url: string): { turn: number; options: string[] } {
  const query = new URLSearchParams(url.slice(url.indexOf('?') + 1 || url.length));
  const turn = Number(query.get('turn'));
  if (!Number.isInteger(turn) || turn < 1 || turn > MAX_TURNS)
    throw new AppError('validation_error', TWILIO_VOICE_MESSAGES.badTurn);
  return { turn, options: query.getAll('option') };
}

/**
 * Twilio Voice's webhooks (issue 14; docs/channels/twilio-voice.md). Twilio asks what to do at a
 * call's start and after each Gather, and does what the TwiML answered: the bot answers in the
 * response, never through Twilio's REST API.
 */
export function twilioVoiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  /**
   * A call comes in: the runtime has no turn without the caller's words, so the call starts by
   * listening; a caller who says nothing hears the timeout message. The caller's previous call, if
   * its conversation is still open, is over: each call is a conversation of its own.
   */
  app.post<WebhookRequest>(
    '/webhooks/twilio/voice/:webhookId',
    { config: { access: 'public' } },
    async (request, reply) => {
      const call = await authenticatedVoiceRequest(ctx, request);
      const bot = call.keys.bot;
      const scope = ctx.repos.forTenant(bot.tenantId);
      if (!(await isChannelEnabled(scope, bot, twilioVoiceChannel.id))) return twiml(reply, rejectTwiml());
      const conversations = scope.conversations(bot.id);
      const previous = await conversations.latestOf({
        channel: twilioVoiceChannel.id,
        userKey: userKeyOf(call.from),
        activeSince: new Date(0).toISOString(),
      });
      if (previous && !previous.endedAt) await conversations.end(previous.id);
      const settings = voiceSettingsOf(call.keys.values);
      return twiml(reply, listenTwiml(settings, gatherUrlOf(ctx, call.keys.webhookId, 1)));
    },
  );

  /** The caller answered a Gather: a turn of the conversation, answered with the next Gather. */
  app.post<WebhookRequest>(
    '/webhooks/twilio/voice/:webhookId/gather',
    { config: { access: 'public' } },
    async (request, reply) => {
      const call = await authenticatedVoiceRequest(ctx, request);
      const { turn, options } = gatherQueryOf(request.url);
      const { keys } = call;
      const settings = voiceSettingsOf(keys.values);
      const activity = twilioVoiceChannel.toActivity({
        ...(call.params.Digits !== undefined ? { digits: call.params.Digits } : {}),
        ...(call.params.SpeechResult !== undefined ? { speech: call.params.SpeechResult } : {}),
        options,
        optionsMessage: settings.optionsMessage,
      });
      // Nothing heard (speech Twilio could not make out): asked again, on the same turn.
      if (!activity) {
        const again = settings.timeoutMessage ? [settings.timeoutMessage] : [];
        return twiml(
          reply,
          listenTwiml(settings, gatherUrlOf(ctx, keys.webhookId, turn, options), again, options),
        );
      }
      const outcome = await receiveMessage(
        ctx,
        twilioVoiceChannel,
        keys,
        {
          messageId: `${call.callSid}:${turn}`,
          userKey: userKeyOf(call.from),
          address: { callSid: call.callSid, from: call.to, to: call.from },
          activity,
        },
        { send: false },
      );
      switch (outcome.kind) {
        case 'channelOff':
          return twiml(reply, hangupTwiml());
        // A retried post of a turn already taken: its answer went to the first post; listen on.
        case 'duplicate':
          return twiml(reply, listenTwiml(settings, gatherUrlOf(ctx, keys.webhookId, turn + 1)));
        case 'ignored':
          return twiml(
            reply,
            listenTwiml(settings, gatherUrlOf(ctx, keys.webhookId, turn, options), [], options),
          );
        case 'answered': {
          const bot = keys.bot;
          const context = { fileUrl: (fileId: string) => channelFileUrl(ctx, bot.tenantId, bot.id, fileId) };
          const instructions = outcome.activities.flatMap((a) => twilioVoiceChannel.toOutbound(a, context));
          return twiml(
            reply,
            answerTwiml(instructions, settings, (offered) =>
              gatherUrlOf(ctx, keys.webhookId, turn + 1, offered),
            ),
          );
        }
      }
    },
  );
}

/** The caller, as the conversation's user: their number on the voice channel. */
const userKeyOf = (from: string) => `voice:${from}`;
