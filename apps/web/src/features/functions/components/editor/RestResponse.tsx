import { type FunctionRunResponse, FUNCTION_MESSAGES as M } from '@parley/contracts';
import { useId, useState } from 'react';
import { Button, Select, Spinner } from '../../../../ui';
import { FieldGroup } from '../../../bot-content';
import type { OutputRow } from '../../function-draft';
import { useTestCall } from '../../hooks/use-test-call';
import { outputNameFor, type ResponseNode, responseTree } from '../../response-tree';
import { DETAILS_LABEL } from '../modals/run-outcome';
import type { ResultEditorProps } from './editor-props';

const NEW_OUTPUT = 'new';

/** What every REST call answers: the root its output paths start from. */
const RESPONSE_SHAPE = [
  ['status', 'the HTTP status, e.g. 200 or 404'],
  ['headers', 'the response headers, e.g. headers.content-type'],
  ['data', 'the body: a JSON body by its fields (data.order.status), any other body as text'],
] as const;

/**
 * The answer of a REST function, for picking output paths rather than guessing them: the shape
 * every call answers ({status, headers, data}), and a test call's answer as a tree whose values
 * are picked into an output (a new one, or the one chosen).
 */
export function RestResponse({ botName, draft, onChange, isReadOnly }: ResultEditorProps) {
  const { outcome, call } = useTestCall(botName);
  const [target, setTarget] = useState<string>(NEW_OUTPUT);
  const [picked, setPicked] = useState('');
  const canCall = !isReadOnly && draft.url.trim() !== '';

  const pick = (node: ResponseNode) => {
    const index = target === NEW_OUTPUT ? -1 : Number(target);
    const existing = draft.outputs[index];
    if (existing) {
      const outputs = draft.outputs.map(
        (row, at): OutputRow => (at === index ? { ...row, propertyPath: node.path } : row),
      );
      onChange({ outputs });
      setPicked(`${existing.variableName || `Output ${index + 1}`} reads ${node.path}.`);
      return;
    }
    const variableName = outputNameFor(
      node.segments,
      draft.outputs.map((row) => row.variableName),
    );
    onChange({ outputs: [...draft.outputs, { variableName, propertyPath: node.path }] });
    setPicked(`New output ${variableName} reads ${node.path}.`);
  };

  return (
    <FieldGroup
      label="Response"
      hint="Output paths start at the whole response, so a field of the body is data.field. Test the call and pick a value to read it into an output."
    >
      {outcome?.kind !== 'result' && (
        <dl className="rest-response__shape" aria-label="Response shape">
          {RESPONSE_SHAPE.map(([key, meaning]) => (
            <div key={key}>
              <dt>
                <code>{key}</code>
              </dt>
              <dd>{meaning}</dd>
            </div>
          ))}
        </dl>
      )}
      {!isReadOnly && (
        <div className="rest-response__actions">
          <Button
            size="sm"
            variant="secondary"
            disabled={!canCall}
            isLoading={outcome?.kind === 'running'}
            onClick={() => {
              setPicked('');
              void call(draft);
            }}
          >
            Test call
          </Button>
          <span className="field__hint">
            {canCall ? "Calls the API now with the inputs' default values." : 'Enter the URL first.'}
          </span>
        </div>
      )}
      {outcome?.kind === 'running' && <Spinner label="Calling the API" />}
      {outcome?.kind === 'error' && (
        <div className="function-output__error" role="alert">
          <p className="function-output__message">{outcome.message}</p>
          {outcome.details && (
            <>
              <p className="function-output__label">{DETAILS_LABEL}</p>
              <pre className="function-output__pre">{outcome.details}</pre>
            </>
          )}
        </div>
      )}
      {outcome?.kind === 'result' && (
        <TestCallAnswer
          result={outcome.result}
          outputs={draft.outputs}
          target={target}
          onTarget={setTarget}
          onPick={pick}
          canPick={!isReadOnly}
        />
      )}
      <p className="rest-response__picked" aria-live="polite">
        {picked}
      </p>
    </FieldGroup>
  );
}

interface TestCallAnswerProps {
  result: FunctionRunResponse;
  outputs: readonly OutputRow[];
  target: string;
  onTarget: (target: string) => void;
  onPick: (node: ResponseNode) => void;
  canPick: boolean;
}

function TestCallAnswer({ result, outputs, target, onTarget, onPick, canPick }: TestCallAnswerProps) {
  const tree = responseTree(result.output);
  const status = (result.output as { status?: unknown } | null)?.status;
  return (
    <section className="rest-response__answer" aria-label="Test call answer">
      <p className="function-output__meta">
        Answered {String(status)} in {result.durationMs} ms
      </p>
      {result.failure && (
        <p className="function-output__notice rest-response__failure">{M.failedAnswer(result.failure)}</p>
      )}
      {canPick && (
        <Select
          label="Put a picked value into"
          className="rest-response__target"
          value={target}
          options={[
            { value: NEW_OUTPUT, label: 'A new output' },
            ...outputs.map((row, index) => ({
              value: String(index),
              label: `Output ${index + 1}: ${row.variableName || '(no name)'}`,
            })),
          ]}
          onChange={(event) => onTarget(event.target.value)}
        />
      )}
      <ul className="rest-response__tree">
        {tree.map((node) => (
          <TreeNode key={node.path} node={node} onPick={onPick} canPick={canPick} />
        ))}
      </ul>
    </section>
  );
}

function TreeNode({
  node,
  onPick,
  canPick,
}: {
  node: ResponseNode;
  onPick: (node: ResponseNode) => void;
  canPick: boolean;
}) {
  const headingId = useId();
  const row = (
    <span className="rest-response__row">
      <code className="rest-response__key">{node.label}</code>
      <span className="rest-response__value">{node.preview}</span>
    </span>
  );
  const children = node.children.length > 0 && (
    <ul className="rest-response__tree" aria-labelledby={headingId}>
      {node.children.map((child) => (
        <TreeNode key={child.path} node={child} onPick={onPick} canPick={canPick} />
      ))}
      {node.hiddenCount > 0 && <li className="field__hint">… {node.hiddenCount} more not shown</li>}
    </ul>
  );
  return (
    <li>
      {canPick ? (
        <button
          type="button"
          id={headingId}
          className="rest-response__pick"
          title={`Read ${node.path} into an output`}
          aria-label={`Pick ${node.path}`}
          onClick={() => onPick(node)}
        >
          {row}
        </button>
      ) : (
        <span id={headingId}>{row}</span>
      )}
      {/* Headers are many and rarely wanted: folded until asked for. */}
      {node.path === 'headers' && children ? (
        <details>
          <summary className="field__hint">Show the {node.children.length} headers</summary>
          {children}
        </details>
      ) : (
        children
      )}
    </li>
  );
}
