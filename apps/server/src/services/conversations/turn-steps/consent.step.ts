import { emptyTrace } from '@parley/runtime';
import { consentGate } from '../../gdpr/consent-gate';
import type { TurnStep } from './turn';

/**
 * GDPR consent (spec 04 section 3.7): before the bot's first answer the user is asked; the
 * consent dialogue answers instead of the bot until they decide (or, with 'disable', until they
 * agree). Without consent the user's texts are not logged; the consent dialogue's own texts are
 * the bot's settings and are.
 */
export const consentStep = {
  name: 'consent',
  async run(turn) {
    if (turn.outcome) return undefined;
    const consent = await consentGate(
      turn.scope,
      turn.bot,
      turn.gdpr,
      turn.conversation,
      turn.origin,
      turn.activity,
    );
    turn.log = {
      isUserTurnLogged: true,
      isUserRecorded: consent.isRecorded,
      isAnswerRecorded: consent.kind === 'consent' ? true : consent.isRecorded,
    };
    if (consent.kind === 'consent') {
      turn.outcome = { activities: consent.activities, trace: emptyTrace(), state: turn.conversation.state };
    }
    return undefined;
  },
} satisfies TurnStep;
