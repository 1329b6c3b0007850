import { useQuery } from '@tanstack/react-query';
import { BOT_KEYS } from '../../bots';
import { fetchUnreachableFunctionHosts } from '../api/test-chat-api';

/**
 * The functions whose host a call cannot reach, checked each time the test chat opens (a fixed
 * address or a host back up shows at once). The warning is advice: a failed check shows nothing.
 */
export function useUnreachableFunctionHosts(botName: string) {
  return useQuery({
    queryKey: [...BOT_KEYS.bot(botName), 'unreachable-function-hosts'],
    queryFn: ({ signal }) => fetchUnreachableFunctionHosts(botName, signal),
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    retry: false,
  });
}
