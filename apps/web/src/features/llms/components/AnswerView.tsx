import type { LlmAnswerSource, LlmTestAnswer } from '@parley/contracts';

/** Where a passage comes from: the document and its page, slide or address. */
export function sourceLocation(source: LlmAnswerSource): string {
  const place =
    source.page !== undefined
      ? `page ${source.page}`
      : source.slide !== undefined
        ? `slide ${source.slide}`
        : source.url && source.url !== source.documentName
          ? source.url
          : undefined;
  return place ? `${source.documentName}, ${place}` : source.documentName;
}

/** An LLM's answer with its notice and its sources (document, place, the passage itself). */
export function AnswerView({ answer }: { answer: LlmTestAnswer }) {
  return (
    <div className="llm-answer">
      {answer.notice && <p className="llm-answer__notice">{answer.notice}</p>}
      <p className="llm-answer__text">{answer.answer}</p>
      {answer.sources.length > 0 && (
        <details className="llm-answer__sources" open>
          <summary>Sources ({answer.sources.length})</summary>
          <ol>
            {answer.sources.map((source, index) => (
              // Sources are a fixed list per answer: their order is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index}>
                <p className="llm-answer__source-name">{sourceLocation(source)}</p>
                <blockquote className="llm-answer__passage">{source.passage}</blockquote>
              </li>
            ))}
          </ol>
        </details>
      )}
    </div>
  );
}
