import { BOT_KEYS } from '../../bots/hooks/bot-query-keys';

/** Query keys of a bot's intents and entities; under 'bots', so a tenant switch drops them too. */
export const CONTENT_KEYS = {
  intents: (botName: string) => [...BOT_KEYS.all, 'intents', botName.toLowerCase()],
  entities: (botName: string) => [...BOT_KEYS.all, 'entities', botName.toLowerCase()],
} as const;
