import { AppError, type InboundActivity, readBotSettings } from '@parley/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../../context';
import { isChannelEnabled } from '../channel-plugins';
import { channelFileUrl } from '../messaging/channel-files';
import { greetingUtteranceOf } from '../messaging/greeting-utterance';
import { type InboundOutcome, receiveMessage } from '../messaging/inbound-message';
import { twilioVoiceChannel } from './twilio-voice-channel';
import { authenticatedVoiceRequest, TWILIO_VOICE_MESSAGES, type VoiceRequest } from './twilio-voice-request';
import { type VoiceSettings, voiceSettingsOf } from './twilio-voice-settings';
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
 * response. Only what it says outside the caller's turn goes through Twilio's REST API
 * (twilio-voice-live-call).
 */
export function twilioVoiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  /**
   * A call comes in. Parley's conversations start with the user's first words, and a caller
   * expects to hear the bot first: picking up is taken as the caller greeting the bot in the
   * speech-to-text language, as Alexa's launch is (messaging/greeting-utterance), so the bot answers with its
   * greeting. The caller's previous call, if its conversation is still open, is over: each call is
   * a conversation of its own.
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
      // A retried start of this same call keeps its conversation (the address names the call).
      const address = await scope.channelAddresses(bot.id).get(twilioVoiceChannel.id, userKeyOf(call.from));
      if (previous && !previous.endedAt && address?.callSid !== call.callSid)
        await conversations.end(previous.id);
      const settings = voiceSettingsOf(call.keys.values);
      // The caller's language as set for speech to text, else (never set) the bot's own.
      const stored = call.keys.values.speechToTextLanguage;
      const language =
        typeof stored === 'string' && stored !== '' ? stored : readBotSettings(bot.settings).language;
      return answerTurn(reply, call, settings, 0, { type: 'text', text: greetingUtteranceOf(language) });
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
      return answerTurn(reply, call, settings, turn, activity, options);
    },
  );

  /**
   * One turn of the call (0: its start): taken once per call and turn, answered with what the
   * bot says and the Gather of the next turn.
   */
  async function answerTurn(
    reply: FastifyReply,
    call: VoiceRequest,
    settings: VoiceSettings,
    turn: number,
    activity: InboundActivity,
    options: readonly string[] = [],
  ) {
    const { keys } = call;
    let outcome: InboundOutcome;
    try {
      outcome = await receiveMessage(
        ctx,
        twilioVoiceChannel,
        keys,
        {
          messageId: `${call.callSid}:${turn}`,
          userKey: userKeyOf(call.from),
          // The next turn: what the bot says later into the live call is answered as it (twilio-voice-live-call).
          address: { callSid: call.callSid, from: call.to, to: call.from, nextTurn: turn + 1 },
          activity,
          ...(settings.gatherLanguage ? { language: settings.gatherLanguage } : {}),
        },
        { send: false },
      );
    } catch (error) {
      // An error page would make Twilio say 'an application error has occurred' and hang up:
      // the caller is listened to again instead (the turn's receipt is taken, so on the next turn).
      ctx.log.error({ err: error, botId: keys.bot.id, turn }, 'a Twilio Voice turn failed');
      return twiml(reply, listenTwiml(settings, gatherUrlOf(ctx, keys.webhookId, turn + 1)));
    }
    switch (outcome.kind) {
      case 'channelOff':
        return twiml(reply, turn === 0 ? rejectTwiml() : hangupTwiml());
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
  }
}

/** The caller, as the conversation's user: their number on the voice channel. */
const userKeyOf = (from: string) => `voice:${from}`;
