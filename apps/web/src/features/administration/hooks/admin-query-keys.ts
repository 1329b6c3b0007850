/** React Query keys of the administration screens (a tenant switch invalidates them all). */
export const ADMIN_KEYS = {
  users: ['administration', 'users'],
  roles: ['administration', 'roles'],
  tenant: ['administration', 'tenant'],
  llmProviders: ['administration', 'llm-providers'],
  permissions: ['administration', 'permissions'],
  botIdNames: ['administration', 'bot-id-names'],
  usersForBotAll: ['administration', 'users-for-bot'],
  usersForBot: (botId: string) => ['administration', 'users-for-bot', botId],
} as const;
