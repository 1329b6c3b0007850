import { isBlank, isSet } from './block-fields';
import type { BlockData } from './flow-document';
import type { FlowValidationContext } from './flow-validation-types';
import { variableReferenceName } from './variables';

/** The end block's data (spec 03 section 3.4), with the values a new end block starts with. */
export const END_BLOCK_DEFAULTS = {
  redirectToOtherIntent: false,
  intentTo: '',
  restartIntent: false,
  endFlow: false,
  redirectToBot: false,
  redirectBotId: '',
  clearEntities: false,
  countTouchless: false,
  endCall: false,
  /** Functions mode: what the sub flow hands back. */
  outputs: [] as unknown[],
};

/** The four outcomes of which an end block has exactly one, by their customData flag. */
export const END_OUTCOMES = {
  redirectToOtherIntent: 'redirect to an intent',
  restartIntent: 'restart the flow',
  endFlow: 'end the flow',
  redirectToBot: 'redirect to a bot',
} as const;
export type EndOutcomeFlag = keyof typeof END_OUTCOMES;

const OUTCOME_FLAGS = Object.keys(END_OUTCOMES) as EndOutcomeFlag[];
const OUTCOMES_IN_WORDS = 'redirect to an intent, restart the flow, end the flow or redirect to a bot';

/** The intent an end block redirects to, when it names one (not a variable). */
export function redirectIntentOf(data: BlockData): string | null {
  if (!isSet(data.redirectToOtherIntent) || isBlank(data.intentTo)) return null;
  return variableReferenceName(data.intentTo) === null ? String(data.intentTo).trim() : null;
}

export function endBlockProblems(data: BlockData, context: FlowValidationContext): string[] {
  const chosen = OUTCOME_FLAGS.filter((flag) => isSet(data[flag]));
  if (chosen.length === 0) return [`Choose what the end block does: ${OUTCOMES_IN_WORDS}.`];
  if (chosen.length > 1) return [`An end block does only one of: ${OUTCOMES_IN_WORDS}.`];
  if (chosen[0] === 'redirectToOtherIntent') {
    if (isBlank(data.intentTo)) return ['Choose the intent to redirect to.'];
    const intent = redirectIntentOf(data);
    if (intent !== null && !context.intents.includes(intent)) return [`Intent ${intent} does not exist.`];
  }
  if (chosen[0] === 'redirectToBot' && isBlank(data.redirectBotId)) return ['Choose the bot to redirect to.'];
  return [];
}
