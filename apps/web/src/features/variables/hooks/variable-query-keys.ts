/** React Query key of a bot's variables and objects (a tenant switch invalidates every key). */
export const variablesKey = (botName: string) => ['variables', botName.toLowerCase()] as const;
