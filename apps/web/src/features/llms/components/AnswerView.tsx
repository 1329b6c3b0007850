import type { LlmTestAnswer } from '@parley/contracts';
import { AnswerSources } from './AnswerSources';

/** An LLM's answer with its notice and its sources (document, place, the passage itself). */
export function AnswerView({ answer }: { answer: LlmTestAnswer }) {
  return (
    <div className="llm-answer">
      {answer.notice && <p className="llm-answer__notice">{answer.notice}</p>}
      <p className="llm-answer__text">{answer.answer}</p>
      <AnswerSources sources={answer.sources} isOpen />
    </div>
  );
}
