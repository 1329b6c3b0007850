import type { BotIdNames, UsersForBot } from '@parley/contracts';
import { api } from '../../../api/client';

const path = encodeURIComponent;

/** Every bot of the selected tenant the caller sees (all of them for account administrators). */
export const fetchBotIdNames = (signal?: AbortSignal) => api.get<BotIdNames>('/api/bots/id-name', signal);

/** The users holding a role on one bot, with that role (Manage bot permissions needed). */
export const fetchUsersForBot = (tenantId: string, botId: string, signal?: AbortSignal) =>
  api.get<UsersForBot>(`/api/tenants/usersForBot/${path(tenantId)}/${path(botId)}`, signal);
