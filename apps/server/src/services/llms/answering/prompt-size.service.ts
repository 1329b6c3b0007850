import {
  type LlmPromptSize,
  type LlmPromptSizeBody,
  LLM_MESSAGES as M,
  PROMPT_SIZE_WARNING_SHARE,
} from '@parley/contracts';
import { contextWindowOf, type LlmProviderId } from '@parley/llm';
import type { Principal } from '../../../auth/principal';
import { loadLlm } from '../llm-loading';
import { readLlmSettings } from '../llm-view';
import { FRAMING_TOKENS, instructions } from './llm-prompt';
import { ANSWER_TOKENS, modelOf } from './llm-test.service';
import { countTokensSafely } from './safe-token-count';

/**
 * POST /api/llm/{id}/prompt-size (docs/decisions.md 'Prompt size'): the tokens of the prompt's
 * fixed part as an answer would send it (with the history instructions, as in a conversation's
 * second turn) against the model's context window less the room kept for the answer.
 */
export async function promptSize(
  principal: Principal,
  llmId: string,
  body: LlmPromptSizeBody,
): Promise<LlmPromptSize> {
  const llm = await loadLlm(principal, llmId);
  const saved = readLlmSettings(llm.settings);
  const settings = { ...saved, ...body };
  const model = modelOf(llm.provider as LlmProviderId, llm.model);
  const contextWindow = contextWindowOf(llm.provider as LlmProviderId, model);
  const promptTokens = (await countTokensSafely(instructions(settings, true), model)) + FRAMING_TOKENS;
  const room = Math.max(0, contextWindow - ANSWER_TOKENS);
  const passageTokens = Math.max(0, room - promptTokens);
  const share = room === 0 ? 1 : promptTokens / room;
  const warning =
    passageTokens === 0
      ? M.promptDoesNotFit
      : share > PROMPT_SIZE_WARNING_SHARE
        ? M.promptTooLarge(Math.round(share * 100))
        : null;
  return { model, promptTokens, contextWindow, answerTokens: ANSWER_TOKENS, passageTokens, warning };
}
