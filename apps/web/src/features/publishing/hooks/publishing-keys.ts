/** React Query keys of publishing (under 'bots', so a tenant switch clears them too). */
export const PUBLISHING_KEYS = {
  status: (botName: string) => ['bots', 'publishing', botName.toLowerCase(), 'status'],
  progress: (botName: string, provider: string, syncId: string) => [
    'bots',
    'publishing',
    botName.toLowerCase(),
    'progress',
    provider,
    syncId,
  ],
  /** Providers whose start was refused, by sync id: shown as failed processes. */
  startFailures: (botName: string, syncId: string) => [
    'bots',
    'publishing',
    botName.toLowerCase(),
    'start-failures',
    syncId,
  ],
} as const;
