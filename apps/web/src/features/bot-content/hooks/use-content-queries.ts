import { useQuery } from '@tanstack/react-query';
import { fetchEntities } from '../../entities/api/entities-api';
import { fetchIntents } from '../../intents/api/intents-api';
import { CONTENT_KEYS } from './content-query-keys';

export const useIntents = (botName: string) =>
  useQuery({
    queryKey: CONTENT_KEYS.intents(botName),
    queryFn: ({ signal }) => fetchIntents(botName, signal),
  });

/** The bot's entities, custom then prebuilt (the intents screen needs them for its suggestions). */
export const useEntities = (botName: string) =>
  useQuery({
    queryKey: CONTENT_KEYS.entities(botName),
    queryFn: ({ signal }) => fetchEntities(botName, signal),
  });
