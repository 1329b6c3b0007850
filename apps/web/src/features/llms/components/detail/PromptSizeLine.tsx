import type { LlmPromptSize } from '@parley/contracts';
import { Banner } from '../../../../ui';

const formatTokens = (tokens: number) => tokens.toLocaleString('en-US');

/** Under the Prompt tab's fields: 'N of M tokens', and the warning before anything is cut. */
export function PromptSizeLine({ size }: { size: LlmPromptSize | null }) {
  if (!size) return null;
  return (
    <>
      <p className="field__hint" data-testid="llm-prompt-size">
        {`${formatTokens(size.promptTokens)} of ${formatTokens(size.contextWindow)} tokens`}
        {` (model ${size.model}; ${formatTokens(size.answerTokens)} kept for the answer)`}
      </p>
      {size.warning && <Banner tone="warning">{size.warning}</Banner>}
    </>
  );
}
