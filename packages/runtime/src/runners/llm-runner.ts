import { INACTIVITY_ACTIVITY } from '@parley/contracts';
import { INACTIVITY_EXIT, LLM_MAX_MESSAGES, RECOGNIZED_INTENT_EXIT } from '@parley/flows';
import { type OutboundActivity, textOfActivity } from '../activities';
import type { LlmTalkAnswer, LlmTalkMessage } from '../runtime-services';
import type { BlockRunner, BlockStep } from './block-runner';

/** How long an LLM block that exits on inactivity waits for the user's next message. */
export const LLM_INACTIVITY_MS = 5 * 60_000;
/** Characters of one message the block remembers: the talk is stored with the conversation. */
const REMEMBERED_MESSAGE_CHARS = 4000;

/** What the block remembers between the user's messages: the talk so far and the answers given. */
interface LlmTalkMemo {
  history: LlmTalkMessage[];
  answers: number;
}

/**
 * The LLM block (spec 03 section 3.3): the tenant's LLM talks with the user inside the block.
 * Its input (else the message that led here) is the first question; every later message is
 * answered in turn, with the talk so far. It leaves by `next` when the LLM ends the talk
 * (autoExit) or after maxMessages answers (0: one answer, no waiting), by 'Recognised intent'
 * when the user clearly asks for an intent of the bot (recognizerExit; without that exit drawn,
 * the intent's flow starts), and by 'Inactivity' after LLM_INACTIVITY_MS of silence
 * (exitInactivity, a scheduled turn). docs/decisions.md 'The LLM block at run time'.
 */
export const llm: BlockRunner<'llm'> = async (values, turn) => {
  const llmId = values.llmId?.trim() ?? '';
  if (llmId === '') return { error: 'The LLM block names no LLM: choose one in the block.' };
  const talk = turn.services.llm;
  if (!talk) return { error: 'This server cannot run LLM blocks: the LLM area is not available.' };
  const memo = memoOf(turn.memo);
  const waitMore = (): BlockStep => ({
    wait: true,
    talking: true,
    memo,
    ...(values.exitInactivity ? { inactivityAfterMs: LLM_INACTIVITY_MS } : {}),
  });

  let message: string;
  if (!turn.answer) {
    const input = values.llmInput?.trim() ? turn.fillValue(values.llmInput) : turn.lastUserText;
    message = input.trim();
    // Nothing asked yet (the flow came here on an event): the user speaks first.
    if (message === '') return waitMore();
  } else {
    if (turn.answer.type === 'event' && turn.answer.name === INACTIVITY_ACTIVITY.name)
      return { exit: INACTIVITY_EXIT.id };
    message = textOfActivity(turn.answer).trim();
    if (message === '') return waitMore();
    if (values.recognizerExit) {
      const intent = await turn.understoodIntent(message);
      if (intent !== null)
        return turn.isExitDrawn(RECOGNIZED_INTENT_EXIT.id)
          ? { exit: RECOGNIZED_INTENT_EXIT.id }
          : { goTo: { intent } };
    }
  }

  const context = turn.fillValue(values.llmContext).trim();
  const required = values.requiredLanguage?.trim() ?? '';
  const reply = await talk
    .answer({
      llmId,
      message,
      history: memo.history,
      ...(context !== '' ? { context } : {}),
      mayEnd: values.autoExit === true,
      ...(values.languageDetect || required !== ''
        ? {
            language: { matchUser: values.languageDetect === true, ...(required !== '' ? { required } : {}) },
          }
        : {}),
    })
    .catch((error: unknown) => ({ failure: error instanceof Error ? error.message : String(error) }));
  // The turn ends with the failure in its details; the user is told the unexpected-error message.
  if ('failure' in reply) return { error: `The LLM could not answer: ${reply.failure}` };
  const said = saidOf(reply);
  const answers = memo.answers + 1;
  const maxMessages = values.maxMessages ?? LLM_MAX_MESSAGES;
  if (reply.ended || answers >= maxMessages) return { say: said };
  const history = [
    ...memo.history,
    { role: 'user' as const, content: message.slice(0, REMEMBERED_MESSAGE_CHARS) },
    { role: 'assistant' as const, content: reply.text.slice(0, REMEMBERED_MESSAGE_CHARS) },
  ].slice(-2 * LLM_MAX_MESSAGES);
  return { ...waitMore(), say: said, memo: { history, answers } satisfies LlmTalkMemo };
};

/** The answer as messages: one, or one per sentence when the bot splits LLM replies; the sources go with the last. */
export function saidOf(reply: LlmTalkAnswer): OutboundActivity[] {
  const parts = reply.parts && reply.parts.length > 0 ? reply.parts : [reply.text];
  return parts.map((text, index) => ({
    type: 'text' as const,
    text,
    ...(index === parts.length - 1 && reply.sources.length > 0 ? { sources: reply.sources } : {}),
  }));
}

function memoOf(memo: unknown): LlmTalkMemo {
  const kept = memo as Partial<LlmTalkMemo> | undefined;
  const history = Array.isArray(kept?.history)
    ? kept.history.filter(
        (m): m is LlmTalkMessage =>
          (m?.role === 'user' || m?.role === 'assistant') && typeof m.content === 'string',
      )
    : [];
  return { history, answers: typeof kept?.answers === 'number' ? kept.answers : 0 };
}
