/** React Query keys of the NLU Status tab. */
export const NLU_STATUS_KEYS = {
  bot: (botName: string) => ['nlu-status', botName.toLowerCase()],
  providers: (botName: string) => ['nlu-status', botName.toLowerCase(), 'providers'],
  status: (botName: string, provider: string) => ['nlu-status', botName.toLowerCase(), 'status', provider],
} as const;
