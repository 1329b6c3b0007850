import { BOT_KEYS } from '../../bots/hooks/bot-query-keys';

/** Query keys of a bot's intents and entities; under 'bots', so a tenant switch drops them too. */
export const CONTENT_KEYS = {
  intents: (botName: string) => [...BOT_KEYS.all, 'intents', botName.toLowerCase()],
  /** Under the list's key: whatever refreshes the list refreshes the open intent too. */
  intent: (botName: string, intent: string) => [
    ...BOT_KEYS.all,
    'intents',
    botName.toLowerCase(),
    'one',
    intent.toLowerCase(),
  ],
  /** Under the intent's key: a rename or a refresh of the intent refreshes its flow too. */
  intentFlow: (botName: string, intent: string) => [
    ...BOT_KEYS.all,
    'intents',
    botName.toLowerCase(),
    'one',
    intent.toLowerCase(),
    'flow',
  ],
  entities: (botName: string) => [...BOT_KEYS.all, 'entities', botName.toLowerCase()],
} as const;
