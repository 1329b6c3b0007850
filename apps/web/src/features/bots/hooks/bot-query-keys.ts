/** React Query keys of the bot screens (a tenant switch invalidates every key). */
export const BOT_KEYS = {
  all: ['bots'],
  list: ['bots', 'list'],
  templates: ['bots', 'templates'],
  bot: (botName: string) => ['bots', 'bot', botName.toLowerCase()],
  permissions: (botName: string) => ['bots', 'permissions', botName.toLowerCase()],
} as const;
