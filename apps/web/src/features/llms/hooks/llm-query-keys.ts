/** React Query keys of the LLM screens (a tenant switch invalidates every key). */
export const LLM_KEYS = {
  all: ['llms'],
  list: ['llms', 'list'],
  providers: ['llms', 'providers'],
  llm: (llmId: string) => ['llms', 'llm', llmId],
} as const;
