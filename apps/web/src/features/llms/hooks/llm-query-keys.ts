/** React Query keys of the LLM screens (a tenant switch invalidates every key). */
export const LLM_KEYS = {
  all: ['llms'],
  list: ['llms', 'list'],
  llm: (llmId: string) => ['llms', 'llm', llmId],
} as const;
