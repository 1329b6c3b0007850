import type { TenantScope } from '@parley/db';
import type { LlmTalk, LlmTalkRequest } from '@parley/runtime';
import type { AppContext } from '../../../context';
import type { Masker } from '../../gdpr/masking';
import { answerWithLlm } from './llm-test.service';

/** What the model writes at the end of an answer that ends the talk (autoExit); never shown. */
export const END_OF_TALK_MARK = '[[END]]';

const END_OF_TALK_INSTRUCTION = `When the user has what they came for, or says goodbye, end your answer with ${END_OF_TALK_MARK}.`;

/** The instructions an LLM block's language wishes add. */
function languageInstruction(language: LlmTalkRequest['language']): string | undefined {
  if (language?.required) return `Always answer in ${language.required}.`;
  if (language?.matchUser) return 'Answer in the language of the user’s last message.';
  return undefined;
}

/**
 * The tenant's LLMs as conversations use them (LLM blocks, chit-chat): the same answer as the
 * LLM's Test tab, with the block's context and wishes added to the instructions. A provider that
 * fails is an error here (the user gets the unexpected-error message, the log says why), not the
 * Test tab's passage with a notice: a user would take a passage for the bot's answer.
 */
export function llmTalkOf(
  ctx: AppContext,
  scope: TenantScope,
  tenantId: string,
  options: {
    splitSentences: boolean;
    /** The bot's llmAsyncGuardrails: a sentence's checks run while the next are read. */
    asyncGuardrails: boolean;
    /** The bot's GDPR maskAIData: what the user wrote is masked before any provider sees it (made when first needed). */
    maskForProvider?: () => Masker | undefined;
  },
): LlmTalk {
  return {
    async answer(unmasked) {
      const startedAt = performance.now();
      const mask = options.maskForProvider?.() ?? ((text: string) => text);
      const request = {
        ...unmasked,
        message: mask(unmasked.message),
        history: unmasked.history.map((turn) => ({ ...turn, content: mask(turn.content) })),
        ...(unmasked.context === undefined ? {} : { context: mask(unmasked.context) }),
      };
      const llm = await scope.llms.get(request.llmId);
      if (!llm) throw new Error(`The LLM ${request.llmId} no longer exists in this organisation.`);
      const context = [
        request.context,
        languageInstruction(request.language),
        request.mayEnd ? END_OF_TALK_INSTRUCTION : undefined,
      ]
        .filter((part): part is string => part !== undefined && part.trim() !== '')
        .join('\n\n');
      // Through the guardrails before any of it is sent (sentence by sentence when the bot splits
      // its replies: a sentence goes only once it passed); counted in the LLM's statistics.
      const answer = await answerWithLlm(
        ctx,
        tenantId,
        llm,
        {
          message: request.message,
          history: request.history,
          ...(context !== '' ? { context } : {}),
        },
        {
          origin: 'conversation',
          llmBlockStartedAt: startedAt,
          splitSentences: options.splitSentences,
          asyncGuardrails: options.asyncGuardrails,
        },
      );
      if (answer.providerError) throw new Error(answer.providerError.message);
      const ended = request.mayEnd === true && answer.answer.includes(END_OF_TALK_MARK);
      const text = answer.answer.split(END_OF_TALK_MARK).join('').trim();
      const parts = options.splitSentences
        ? answer.parts
            .map((part) => part.split(END_OF_TALK_MARK).join('').trim())
            .filter((part) => part !== '')
        : [];
      return { text, sources: answer.sources, ended, ...(parts.length > 1 ? { parts } : {}) };
    },
  };
}
