import type { FlowProblemView } from '@parley/contracts';
import type { FlowCanvas } from '@parley/editor';
import { Toggle } from '../../../ui';
import { channelRestrictions, firstFcOf } from '../channel-check';

interface EditorFooterProps {
  canvas: FlowCanvas | null;
  zoomStep: number;
  problems: readonly FlowProblemView[];
  autoValidation: boolean;
  onToggleAutoValidation: (value: boolean) => void;
  autoPublish: boolean;
  onToggleAutoPublish: (value: boolean) => void;
}

/** The channel-restrictions indicator (spec 03 section 4.5), from the block declarations. */
function ChannelIndicator({ canvas }: { canvas: FlowCanvas }) {
  const rows = channelRestrictions({
    blocks: canvas
      .blocks()
      .map((block) => ({ ...block, type: block.type as never, fc: firstFcOf(block.customData) })),
  });
  const hasErrors = rows.some((row) => row.errors.length > 0);
  const hasWarnings = rows.some((row) => row.warnings.length > 0);
  if (!hasErrors && !hasWarnings) {
    return (
      <span className="flow-footer__channels flow-footer__channels--ok" role="status">
        ✔ Works on all channels
      </span>
    );
  }
  return (
    <details className={`flow-footer__channels flow-footer__channels--${hasErrors ? 'error' : 'warning'}`}>
      <summary>{hasErrors ? '⛔' : '⚠'} Channel restrictions</summary>
      <div className="flow-footer__channel-list">
        {rows.map((row) => (
          <div key={row.channel}>
            <strong>{row.name}</strong>
            {row.errors.map((problem) => (
              <p key={`e${problem.blockId}${problem.message}`}>
                <span className="flow-footer__severity">Error</span> {problem.message}
              </p>
            ))}
            {row.warnings.map((problem) => (
              <p key={`w${problem.blockId}${problem.message}`}>
                <span className="flow-footer__severity">Warning</span> {problem.message}
              </p>
            ))}
          </div>
        ))}
      </div>
    </details>
  );
}

/** The footer (spec 03 section 2.4b): zoom, the channel indicator and the two toggles. */
export function EditorFooter(props: EditorFooterProps) {
  const errors = props.problems.filter((problem) => problem.type === 'error').length;
  return (
    <footer className="flow-footer">
      <button type="button" aria-label="Zoom out" onClick={() => props.canvas?.zoomBy(-props.zoomStep)}>
        −
      </button>
      <button type="button" aria-label="Zoom in" onClick={() => props.canvas?.zoomBy(props.zoomStep)}>
        +
      </button>
      {props.canvas ? <ChannelIndicator canvas={props.canvas} /> : <span>We are getting the data ....</span>}
      <span className="flow-footer__problems" role="status">
        {errors === 0 ? 'No errors' : `${errors} ${errors === 1 ? 'error' : 'errors'}`}
      </span>
      <span className="flow-editor__spacer" />
      <Toggle
        label="Auto-validation"
        isChecked={props.autoValidation}
        onChange={props.onToggleAutoValidation}
      />
      <Toggle label="Auto-publish" isChecked={props.autoPublish} onChange={props.onToggleAutoPublish} />
    </footer>
  );
}
