import type { LlmPromptSize, LlmPromptSizeBody } from '@parley/contracts';
import { useEffect, useState } from 'react';
import { fetchPromptSize } from '../api/llms-api';

/** How long typing pauses before the size is asked again. */
const DEBOUNCE_MS = 400;

/**
 * The prompt's size for the fields as they are being edited (docs/decisions.md 'Prompt size'):
 * asked again once typing pauses; an answer to an older draft is dropped. Null until the first
 * answer, and when the server could not answer (the line is then left out, never a guess).
 */
export function usePromptSize(llmId: string, draft: LlmPromptSizeBody): LlmPromptSize | null {
  const [size, setSize] = useState<LlmPromptSize | null>(null);
  const key = JSON.stringify(draft);
  useEffect(() => {
    let isCurrent = true;
    const timer = setTimeout(() => {
      fetchPromptSize(llmId, JSON.parse(key) as LlmPromptSizeBody).then(
        (answer) => isCurrent && setSize(answer),
        () => isCurrent && setSize(null),
      );
    }, DEBOUNCE_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [llmId, key]);
  return size;
}
