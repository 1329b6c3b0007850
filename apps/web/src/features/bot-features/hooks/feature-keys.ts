/** React Query keys of the Features tab, under the bot's own key (a tenant switch clears them with it). */
export const FEATURE_KEYS = {
  gdpr: (botName: string) => ['bots', 'bot', botName.toLowerCase(), 'gdpr'],
  handover: (botName: string) => ['bots', 'bot', botName.toLowerCase(), 'handover'],
  dashboard: (botName: string) => ['bots', 'bot', botName.toLowerCase(), 'dashboard'],
} as const;
