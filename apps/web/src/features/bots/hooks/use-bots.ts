import { useQuery } from '@tanstack/react-query';
import { fetchBot, fetchBotPermissions, fetchBots, fetchBotTemplates } from '../api/bots-api';
import { BOT_KEYS } from './bot-query-keys';

export const useBots = () =>
  useQuery({ queryKey: BOT_KEYS.list, queryFn: ({ signal }) => fetchBots(signal) });

export const useBotTemplates = () =>
  useQuery({ queryKey: BOT_KEYS.templates, queryFn: ({ signal }) => fetchBotTemplates(signal) });

/** The bot page's bot; the page itself reacts to a refusal (back to the overview). */
export const useBot = (botName: string) =>
  useQuery({
    queryKey: BOT_KEYS.bot(botName),
    queryFn: ({ signal }) => fetchBot(botName, signal),
    meta: { handlesErrors: true },
  });

export const useBotPermissionIds = (botName: string) =>
  useQuery({
    queryKey: BOT_KEYS.permissions(botName),
    queryFn: async ({ signal }) => (await fetchBotPermissions(botName, signal)).permissions,
    meta: { handlesErrors: true },
  });
