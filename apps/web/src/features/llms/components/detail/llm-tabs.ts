import type { Llm } from '@parley/contracts';

export interface LlmTabProps {
  llm: Llm;
}

/** The nine tabs of the LLM page (spec 04 section 2.5), in order. */
export const LLM_TABS = [
  { id: 'settings', label: 'Settings' },
  { id: 'prompt', label: 'Prompt' },
  { id: 'instructions', label: 'Instructions' },
  { id: 'data', label: 'Data' },
  { id: 'rag', label: 'RAG' },
  { id: 'guardrails', label: 'Guardrails' },
  { id: 'test', label: 'Test' },
  { id: 'evaluate', label: 'Evaluate' },
  { id: 'statistics', label: 'Statistics' },
] as const;

export type LlmTabId = (typeof LLM_TABS)[number]['id'];

export const isLlmTabId = (value: string | null): value is LlmTabId =>
  LLM_TABS.some((tab) => tab.id === value);
