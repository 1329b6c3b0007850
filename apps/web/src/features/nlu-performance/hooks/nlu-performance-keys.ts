/** Query keys of the NLU Performance tab, all under the bot's. */
export const NLU_PERFORMANCE_KEYS = {
  bot: (botName: string) => ['nlu-performance', botName] as const,
  test: (botName: string) => ['nlu-performance', botName, 'test'] as const,
  results: (botName: string) => ['nlu-performance', botName, 'results'] as const,
  measuring: (botName: string) => ['nlu-performance', botName, 'measuring'] as const,
  automate: (botName: string) => ['nlu-performance', botName, 'automate'] as const,
};
