import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchBot, fetchBotPermissions, fetchBots, fetchBotTemplates } from '../api/bots-api';
import { BOT_KEYS } from './bot-query-keys';

export const useBots = () =>
  useQuery({ queryKey: BOT_KEYS.list, queryFn: ({ signal }) => fetchBots(signal) });

export const useBotTemplates = () =>
  useQuery({ queryKey: BOT_KEYS.templates, queryFn: ({ signal }) => fetchBotTemplates(signal) });

const botQuery = (botName: string) =>
  queryOptions({
    queryKey: BOT_KEYS.bot(botName),
    queryFn: ({ signal }) => fetchBot(botName, signal),
    meta: { handlesErrors: true },
  });

const botPermissionsQuery = (botName: string) =>
  queryOptions({
    queryKey: BOT_KEYS.permissions(botName),
    queryFn: async ({ signal }) => (await fetchBotPermissions(botName, signal)).permissions,
    meta: { handlesErrors: true },
  });

/** The bot page's bot; the page itself reacts to a refusal (back to the overview). */
export const useBot = (botName: string) => useQuery(botQuery(botName));

export const useBotPermissionIds = (botName: string) => useQuery(botPermissionsQuery(botName));

/**
 * What the bot page needs before it shows anything, asked for with its code (the router, on the
 * way to a bot's page), not once the code has arrived and drawn. A failure stays in the cache for
 * the page to react to, as if it had asked itself.
 */
export const prefetchBotPage = (client: QueryClient, botName: string) =>
  Promise.all([client.prefetchQuery(botQuery(botName)), client.prefetchQuery(botPermissionsQuery(botName))]);
