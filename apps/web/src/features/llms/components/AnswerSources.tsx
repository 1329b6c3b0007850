import type { LlmAnswerSource } from '@parley/contracts';
import './answer-sources.css';

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

/** The passages an LLM's answer was built from (document, place, the passage itself): the Test tab, the test chat, the log. */
export function AnswerSources({ sources, isOpen = false }: { sources: LlmAnswerSource[]; isOpen?: boolean }) {
  if (sources.length === 0) return null;
  return (
    <details className="llm-answer__sources" open={isOpen}>
      <summary>Sources ({sources.length})</summary>
      <ol>
        {sources.map((source, index) => (
          // Sources are a fixed list per answer: their order is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index}>
            <p className="llm-answer__source-name">{sourceLocation(source)}</p>
            <blockquote className="llm-answer__passage">{source.passage}</blockquote>
          </li>
        ))}
      </ol>
    </details>
  );
}
