import type { Llm } from '@parley/contracts';
import { DOCUMENT_STATUS_LABELS } from './document-status';

/** Where the LLM's training stands: progress while it runs, how the last one ended, each document's status. */
export function TrainingProgress({ llm }: { llm: Llm }) {
  const { training } = llm;
  if (training.state === 'none') return <p className="llm-training__note">Not trained yet.</p>;
  return (
    <div className="llm-training">
      {training.state === 'running' ? (
        <>
          <progress
            className="llm-training__bar"
            max={100}
            value={training.progress}
            aria-label="Training progress"
          />
          <p className="llm-training__note" role="status">
            {`Training: ${training.processedDocuments} of ${training.totalDocuments} documents (${Math.round(training.progress)}%)`}
          </p>
        </>
      ) : (
        training.message && <p className="llm-training__note">{training.message}</p>
      )}
      {llm.documents.length > 0 && (
        <ul className="llm-training__documents">
          {llm.documents.map((document) => (
            <li key={document.documentId}>
              <span>{document.displayName}</span>
              <span className={`llm-document__status llm-document__status--${document.status}`}>
                {DOCUMENT_STATUS_LABELS[document.status]}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
