import { FUNCTION_TYPE_CATALOGUE } from '@parley/contracts';
import { Button } from '../../../ui';
import type { FunctionDraft } from '../function-draft';

interface FunctionActionsProps {
  draft: FunctionDraft;
  onRun: () => void;
  onShowCard: () => void;
  /** Saved functions only. */
  onShowUsage?: () => void;
}

/**
 * Run Function (not for sub flows or adaptive cards), Show Adaptive Card (adaptive cards) and
 * Show usage (spec 02 section 2.4). Edit Sub Flow and Test Sub Flow come with the flow editor
 * and the test chat.
 */
export function FunctionActions({ draft, onRun, onShowCard, onShowUsage }: FunctionActionsProps) {
  const { canRun } = FUNCTION_TYPE_CATALOGUE[draft.type];
  // LLM functions run with the LLM settings; their runner is not here yet.
  const isRunnable = canRun && draft.type !== 'llm';
  return (
    <div className="function-actions">
      {isRunnable && (
        <Button variant="secondary" onClick={onRun}>
          Run Function
        </Button>
      )}
      {draft.type === 'adaptiveCard' && (
        <Button variant="secondary" onClick={onShowCard}>
          Show Adaptive Card
        </Button>
      )}
      {onShowUsage && (
        <Button variant="ghost" onClick={onShowUsage}>
          Show usage
        </Button>
      )}
    </div>
  );
}
