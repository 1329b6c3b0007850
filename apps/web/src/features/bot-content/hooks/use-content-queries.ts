import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '../../../api/api-error';
import { handleApiError } from '../../../api/error-reactions';
import { fetchEntities } from '../../entities';
import { fetchIntent, fetchIntents } from '../../intents';
import { CONTENT_KEYS } from './content-query-keys';

export const useIntents = (botName: string) =>
  useQuery({
    queryKey: CONTENT_KEYS.intents(botName),
    queryFn: ({ signal }) => fetchIntents(botName, signal),
  });

/**
 * One intent with its examples (the list has none). An intent renamed or deleted a moment ago
 * answers 404 while the list moves the selection on: that is no failure to report, so the
 * global handler hears only the others.
 */
export function useIntent(botName: string, intent: string) {
  const query = useQuery({
    queryKey: CONTENT_KEYS.intent(botName, intent),
    queryFn: ({ signal }) => fetchIntent(botName, intent, signal),
    meta: { handlesErrors: true },
  });
  const isGone = isApiError(query.error) && query.error.status === 404;
  useEffect(() => {
    if (query.error && !isGone) handleApiError(query.error);
  }, [query.error, isGone]);
  return { ...query, isGone };
}

/** The bot's entities, custom then prebuilt (the intents screen needs them for its suggestions). */
export const useEntities = (botName: string) =>
  useQuery({
    queryKey: CONTENT_KEYS.entities(botName),
    queryFn: ({ signal }) => fetchEntities(botName, signal),
  });
