import { CHANNEL_KEYS_MESSAGES, type ChannelPlatform } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../api/api-error';
import { handleApiError } from '../../../api/error-reactions';
import { popup } from '../../../ui';
import { configurationKey } from '../../bot-configuration';
import { type ChannelKeysAnswer, channelKeysKey, readChannelKeys, saveChannelKeys } from './channel-keys-api';

/**
 * A key save refused: a 403 goes to the central permission handler (spec 04 sections 6, 8); else
 * 'Could not update keys' (spec 04 section 8), with the server's reason under it when it gave one.
 */
export function keysSaveFailed(error: unknown) {
  if (isApiError(error) && error.status === 403) return handleApiError(error);
  const reason =
    isApiError(error) && error.message !== CHANNEL_KEYS_MESSAGES.couldNotUpdate ? error.message : '';
  void popup.error({ title: CHANNEL_KEYS_MESSAGES.couldNotUpdate, text: reason });
}

/**
 * A platform's keys for the bot, and their save: the answer replaces the keys shown, and the
 * Configuration tab reads its connection states again (a validated token connects the channel).
 */
export function useChannelKeys(botName: string, platform: ChannelPlatform) {
  const client = useQueryClient();
  const key = channelKeysKey(botName, platform);
  const keys = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => readChannelKeys(botName, platform, signal),
    retry: false,
    // The dialog shows a failed read itself.
    meta: { handlesErrors: true },
  });
  /** Keeps an answer of one of the platform's own calls (a webhook made, a mailbox connected). */
  const accept = async (answer: ChannelKeysAnswer) => {
    client.setQueryData(key, answer);
    await client.invalidateQueries({ queryKey: configurationKey(botName) });
  };
  /** The keys as stored now (after a call that changed them elsewhere). */
  const reload = async () => {
    await client.invalidateQueries({ queryKey: key });
    await client.invalidateQueries({ queryKey: configurationKey(botName) });
  };
  const save = useMutation({
    mutationFn: (body: ChannelKeysAnswer) => saveChannelKeys(botName, platform, body),
    onSuccess: accept,
    // A refused check still stored the keys, and the platform's verdict (isValidated false): shown at once.
    onError: reload,
    // The dialog says why a save failed (keysSaveFailed).
    meta: { handlesErrors: true },
  });
  return { keys, save, accept, reload };
}
