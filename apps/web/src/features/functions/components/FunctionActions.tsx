import { FUNCTION_TYPE_CATALOGUE } from '@parley/contracts';
import { Button } from '../../../ui';
import type { FunctionDraft } from '../function-draft';

interface FunctionActionsProps {
  draft: FunctionDraft;
  onRun: () => void;
  onShowCard: () => void;
  /** Saved functions only. */
  onShowUsage?: () => void;
  /** Saved sub flows, for someone who may use the test chat: opens it on the sub flow. */
  onTestSubFlow?: () => void;
  /** Saved sub flows, for someone who may open the Dialog Manager: opens it on the sub flow. */
  onEditSubFlow?: () => void;
}

/**
 * Run Function (not for sub flows or adaptive cards), Show Adaptive Card (adaptive cards) and
 * Show usage (spec 02 section 2.4), Test Sub Flow (the test chat on the sub flow's latest saved
 * version) and Edit Sub Flow (the Dialog Manager on the sub flow).
 */
export function FunctionActions({
  draft,
  onRun,
  onShowCard,
  onShowUsage,
  onTestSubFlow,
  onEditSubFlow,
}: FunctionActionsProps) {
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
      {onEditSubFlow && (
        <Button variant="secondary" onClick={onEditSubFlow}>
          Edit Sub Flow
        </Button>
      )}
      {onTestSubFlow && (
        <Button variant="secondary" onClick={onTestSubFlow}>
          Test Sub Flow
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
