import type { BotView } from '@parley/contracts';
import { useQueries } from '@tanstack/react-query';
import { fetchUsersForBot } from '../../api/bot-users-api';
import { ADMIN_KEYS } from '../../hooks/admin-query-keys';
import { useTenantUsers } from '../../hooks/use-admin-queries';

/**
 * How many users hold a role on each listed bot. Account administrators count from the
 * Users tab's list (one call for every bot); a plain user may not read that list, so each of
 * their bots (those they manage permissions on, a few) is asked for its users, which is also
 * what the bot's dialog shows.
 */
export function useBotUserCounts(
  tenantId: string,
  bots: readonly BotView[],
  isTenantAdmin: boolean,
): (botId: string) => number | undefined {
  const users = useTenantUsers(isTenantAdmin);
  const perBot = useQueries({
    queries: (isTenantAdmin ? [] : bots).map((bot) => ({
      queryKey: ADMIN_KEYS.usersForBot(bot.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchUsersForBot(tenantId, bot.id, signal),
    })),
  });

  if (isTenantAdmin) {
    return (botId) => users.data?.filter((user) => user.botRoles[botId] !== undefined).length;
  }
  const counts = new Map(bots.map((bot, index) => [bot.id, perBot[index]?.data?.length]));
  return (botId) => counts.get(botId);
}
