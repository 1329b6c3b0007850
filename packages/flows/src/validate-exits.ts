import { isBlank } from './block-fields';
import type { BlockData, FlowBlock } from './flow-document';
import { taskExitsOf } from './task-exits';

export const EXIT_MESSAGES = {
  unknownExit: (exit: string, block: string) =>
    `This connector leaves by the exit ${exit}, which block ${block} does not have.`,
  sameExitTwice: (exit: string) => `Only one connector can leave by the exit ${exit}.`,
} as const;

/**
 * A connector leaving a task in one language: the exit its data names (none means `next`) must
 * be one the task's declaration gives for its data, and only one connector may take each exit.
 */
export function taskConnectorProblems(
  connector: BlockData,
  task: FlowBlock,
  taskData: BlockData,
  siblings: BlockData[],
): string[] {
  const exit = isBlank(connector.exit) ? 'next' : String(connector.exit);
  // Unknown kinds leave only by next; their own problem is reported on the task.
  const exits = taskExitsOf(task.category, taskData).map((candidate) => candidate.id);
  if (!exits.includes(exit)) return [EXIT_MESSAGES.unknownExit(exit, task.name || task.id)];
  const taking = siblings.filter(
    (sibling) => (isBlank(sibling.exit) ? 'next' : String(sibling.exit)) === exit,
  );
  return taking.length > 1 ? [EXIT_MESSAGES.sameExitTwice(exit)] : [];
}
