import {
  CONSENT_CHOICES,
  consentChoiceOf,
  type GdprSettings,
  type InboundActivity,
  type OutboundActivity,
  RESERVED_EVENT_PREFIX,
} from '@parley/contracts';
import type { Bot, ConsentDecision, ConversationRecord, TenantScope } from '@parley/db';
import type { ConversationOrigin } from '../conversations/conversation-turns.service';

/**
 * Consent before the bot's first message (spec 04 sections 3.7 and 4), decided per user of a
 * bot: the first message of a user who never answered gets the consent question instead of the
 * bot's answer; 'Agree' lets the bot talk and log; 'Reject' lets it talk without logging what is
 * said, or, when the bot may be disabled, turns it off for that user until they agree.
 */
export type ConsentOutcome =
  /** The bot answers the message; `isRecorded` false: the log keeps no texts of the turn. */
  | { kind: 'bot'; isRecorded: boolean }
  /** The consent dialogue answered it; the bot does not run. */
  | { kind: 'consent'; activities: OutboundActivity[]; isRecorded: boolean };

const BOT_RECORDED: ConsentOutcome = { kind: 'bot', isRecorded: true };
const BOT_NOT_RECORDED: ConsentOutcome = { kind: 'bot', isRecorded: false };

export function consentQuestion(gdpr: GdprSettings): OutboundActivity {
  const text = gdpr.consentUrl ? `${gdpr.consentMessage}\n${gdpr.consentUrl}` : gdpr.consentMessage;
  return { type: 'options', text, options: [CONSENT_CHOICES.agree, CONSENT_CHOICES.reject] };
}

const disabledAnswer = (gdpr: GdprSettings): OutboundActivity => ({
  type: 'options',
  text: gdpr.disableMessage,
  options: [CONSENT_CHOICES.agree],
});

const answerOf = (activity: InboundActivity) =>
  activity.type === 'text' || activity.type === 'click' ? consentChoiceOf(activity.text) : undefined;

export async function consentGate(
  scope: TenantScope,
  bot: Bot,
  gdpr: GdprSettings,
  conversation: ConversationRecord,
  origin: ConversationOrigin,
  activity: InboundActivity,
): Promise<ConsentOutcome> {
  if (!gdpr.askForConsent) return BOT_RECORDED;
  const consents = scope.consents(bot.id);
  const latest = await consents.latestOf(origin.userKey);
  if (latest?.decision === 'agreed') return BOT_RECORDED;
  // The bot's own turns (a Delay's end, the idle text) only exist once the bot was let talk.
  if (activity.type === 'event' && activity.name.startsWith(RESERVED_EVENT_PREFIX)) return BOT_NOT_RECORDED;

  const answer = answerOf(activity);
  const decide = async (
    decision: ConsentDecision,
    activities: OutboundActivity[],
  ): Promise<ConsentOutcome> => {
    await consents.recordConsent({
      conversationId: conversation.id,
      userKey: origin.userKey,
      channel: origin.channel.id,
      decision,
    });
    return { kind: 'consent', activities, isRecorded: decision === 'agreed' };
  };
  const agree = () => decide('agreed', [{ type: 'text', text: gdpr.consentAgreeMessage }]);

  if (!latest) {
    // Only an answer to a question asked counts: the conversation's first message always gets it.
    if (conversation.turnCount === 0 || !answer)
      return { kind: 'consent', activities: [consentQuestion(gdpr)], isRecorded: false };
    if (answer === 'agree') return agree();
    return gdpr.canDisable
      ? decide('disabled', [disabledAnswer(gdpr)])
      : decide('rejected', [{ type: 'text', text: gdpr.consentRejectMessage }]);
  }
  if (answer === 'agree') return agree();
  if (latest.decision === 'disabled' && gdpr.canDisable)
    return { kind: 'consent', activities: [disabledAnswer(gdpr)], isRecorded: false };
  return BOT_NOT_RECORDED;
}
