import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchBotAvatar } from '../../bot-settings';
import { BOT_KEYS } from '../../bots';

/**
 * The bot's stored avatar as an address an <img> can show, or undefined while there is none
 * (or it cannot be loaded).
 * Keyed by the avatar's id: a new avatar is a new id, so the old image is never shown for it.
 */
export function useAvatarImage(botName: string, avatarId: string | undefined): string | undefined {
  const image = useQuery({
    queryKey: [...BOT_KEYS.bot(botName), 'avatar', avatarId],
    queryFn: ({ signal }) => fetchBotAvatar(botName, signal),
    enabled: avatarId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    // A picture that cannot be loaded leaves the placeholder; it is no reason for an error pop-up.
    meta: { handlesErrors: true },
  });
  const blob = avatarId === undefined ? undefined : image.data;
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return;
    }
    const address = URL.createObjectURL(blob);
    setUrl(address);
    return () => URL.revokeObjectURL(address);
  }, [blob]);
  return url;
}
