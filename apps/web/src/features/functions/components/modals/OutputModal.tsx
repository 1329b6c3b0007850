import { FUNCTION_MESSAGES as M } from '@parley/contracts';
import { Button, Modal, Spinner } from '../../../../ui';
import type { InputRow } from '../../function-draft';
import { AdaptiveCardPreview } from '../card/AdaptiveCardPreview';
import { DETAILS_LABEL, type RunOutcome } from './run-outcome';

export type OutputContent =
  | { kind: 'run'; outcome: RunOutcome }
  | { kind: 'card'; json: string; inputs: InputRow[] };

interface OutputModalProps {
  content: OutputContent;
  onClose: () => void;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/** The Output window: a run's result (or its failure), or the adaptive card preview. */
export function OutputModal({ content, onClose }: OutputModalProps) {
  return (
    <Modal
      title="Output"
      description={M.outputHint}
      onClose={onClose}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="function-output" aria-live="polite">
        {content.kind === 'card' ? (
          <AdaptiveCardPreview json={content.json} inputs={content.inputs} />
        ) : (
          <RunOutput outcome={content.outcome} />
        )}
      </div>
    </Modal>
  );
}

function RunOutput({ outcome }: { outcome: RunOutcome }) {
  if (outcome.kind === 'running') return <Spinner label="Running the function" />;
  if (outcome.kind === 'error') {
    return (
      <div className="function-output__error" role="alert">
        <p className="function-output__message">{outcome.message}</p>
        {outcome.details && (
          <>
            <p className="function-output__label">{DETAILS_LABEL}</p>
            <pre className="function-output__pre">{outcome.details}</pre>
          </>
        )}
      </div>
    );
  }
  const { result } = outcome;
  const outputs = Object.entries(result.outputs);
  return (
    <>
      <p className="function-output__meta">Ran in {result.durationMs} ms</p>
      {result.notice && <p className="function-output__notice">{result.notice}</p>}
      {result.failure && (
        <p className="function-output__notice rest-response__failure">{M.failedAnswer(result.failure)}</p>
      )}
      <section aria-label="Function output">
        <pre className="function-output__pre">{result.text ?? asText(result.output)}</pre>
      </section>
      {outputs.length > 0 && (
        <table className="function-output__table">
          <caption>Outputs</caption>
          <thead>
            <tr>
              <th scope="col">Variable</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {outputs.map(([name, value]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td>
                  <code>{asText(value)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {result.logs && result.logs.length > 0 && (
        <>
          <p className="function-output__label">Console</p>
          <pre className="function-output__pre">{result.logs.join('\n')}</pre>
        </>
      )}
    </>
  );
}
