import { FUNCTION_TYPE_CATALOGUE, type FunctionType } from '@parley/contracts';
import { blockKindOf } from './block-kinds';
import { type BlockExit, exitsOf, NEXT_EXIT } from './blocks/define-block-kind';
import type { BlockData } from './flow-document';

/**
 * Where a Function block goes when its call fails (an API down or answering an error status,
 * a database away, code throwing). Without a connector of its own the turn ends with the bot's
 * unexpected-error message: following the plain arrow would carry on as if the call had worked.
 */
export const FUNCTION_FAILED_EXIT: BlockExit = { id: 'failed', label: 'Call failed' };

/**
 * Every exit of a task with this data, `next` first: a built-in kind's declared exits; a
 * Function block's by its function's type (fc-output-default names it), whose call may fail.
 */
export function taskExitsOf(category: string | null, data: BlockData): BlockExit[] {
  const kind = blockKindOf(category, data.fc);
  if (kind) return exitsOf(kind, data);
  if (category !== 'custom') return [NEXT_EXIT];
  const type = Array.isArray(data['fc-output-default']) ? data['fc-output-default'][0] : undefined;
  const info = typeof type === 'string' ? FUNCTION_TYPE_CATALOGUE[type as FunctionType] : undefined;
  return info?.canFailInConversation ? [NEXT_EXIT, FUNCTION_FAILED_EXIT] : [NEXT_EXIT];
}
