import { BOT_KEYS } from '../../bots';

const intentsKey = (botName: string) => [...BOT_KEYS.all, 'intents', botName.toLowerCase()];
const intentKey = (botName: string, intent: string) => [...intentsKey(botName), 'one', intent.toLowerCase()];

/** Query keys of a bot's intents and entities; under 'bots', so a tenant switch drops them too. */
export const CONTENT_KEYS = {
  intents: intentsKey,
  /** Under the list's key: whatever refreshes the list refreshes the open intent too. */
  intent: intentKey,
  /** Under the intent's key: a rename or a refresh of the intent refreshes its flow too. */
  intentFlow: (botName: string, intent: string) => [...intentKey(botName, intent), 'flow'],
  entities: (botName: string) => [...BOT_KEYS.all, 'entities', botName.toLowerCase()],
} as const;
