import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { BOT_KEYS } from '../../bots';
import { fetchFunctions } from '../api/functions-api';

/** Under 'bots', so a tenant switch drops them too. */
export const functionsKey = (botName: string) => [...BOT_KEYS.all, 'functions', botName.toLowerCase()];

/** Under the bot's functions: whatever refreshes them (a save, a rename) refreshes the flow too. */
export const subFlowKey = (botName: string, name: string) => [
  ...functionsKey(botName),
  'flow',
  name.toLowerCase(),
];

/** The bot's functions and sub flows with the account's global ones, oldest first. */
export const useFunctions = (botName: string) =>
  useQuery({ queryKey: functionsKey(botName), queryFn: ({ signal }) => fetchFunctions(botName, signal) });

/** Reads the list again after a change (a global function's change shows in every bot). */
export function useFunctionsRefresh(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: [...BOT_KEYS.all, 'functions'] }),
    [queryClient],
  );
}
