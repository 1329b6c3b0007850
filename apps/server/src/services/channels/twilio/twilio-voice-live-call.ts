import twilio from 'twilio';
import type { AppContext } from '../../../context';
import type { ChannelRecipient } from '../messaging/messaging-platform';
import { twilioClientOf, twilioCredentialsOf } from './twilio-rest-client';
import type { VoiceInstruction } from './twilio-voice-channel';
import { voiceSettingsOf } from './twilio-voice-settings';
import { answerTwiml } from './twilio-voice-twiml';
import { gatherUrlOf } from './twilio-voice-webhook';

/** Twilio's answers for a call that is over: not found, or 'Call is not in-progress. Cannot redirect.' */
const CALL_IS_OVER_CODES = new Set([20404, 21220]);

/** Where a live call is, as the last turn left it (twilio-voice-routes keeps it as the caller's address). */
export interface LiveCallAddress {
  callSid: string;
  /** The turn the call's Gather posts next. */
  nextTurn: number;
}

const liveCallOf = (address: Record<string, unknown>): LiveCallAddress | undefined =>
  typeof address.callSid === 'string' && typeof address.nextTurn === 'number'
    ? { callSid: address.callSid, nextTurn: address.nextTurn }
    : undefined;

/**
 * What the bot says outside the caller's turn (a Delay's end, the idle text, an agent's answer in
 * a handover), said into the live call: the call gets new TwiML through Twilio's Calls API, the
 * texts inside a Gather that posts the caller's answer as the call's next turn. A call that is
 * over has nothing to hear: it is not an error.
 */
export async function sayIntoLiveCall(
  ctx: AppContext,
  to: ChannelRecipient,
  instructions: VoiceInstruction[],
): Promise<void> {
  const call = liveCallOf(to.address);
  const credentials = twilioCredentialsOf(to.keys.values);
  if (!call || !credentials) return;
  const settings = voiceSettingsOf(to.keys.values);
  const twiml = answerTwiml(instructions, settings, (offered) =>
    gatherUrlOf(ctx, to.keys.webhookId, call.nextTurn, offered),
  );
  try {
    await twilioClientOf(ctx, credentials.accountSid, credentials.authToken)
      .calls(call.callSid)
      .update({ twiml });
  } catch (error) {
    if (
      error instanceof twilio.RestException &&
      error.code !== undefined &&
      CALL_IS_OVER_CODES.has(error.code)
    )
      return;
    throw error;
  }
}
