import { useQuery } from '@tanstack/react-query';
import { BOT_KEYS, fetchBotPermissions } from '../../bots';
import { fetchBotIdNames, fetchUsersForBot } from '../api/bot-users-api';
import { fetchTenantLlmProviders } from '../api/llm-providers-api';
import { fetchRoles } from '../api/roles-api';
import { fetchPermissionsData, fetchTenant } from '../api/tenant-api';
import { fetchTenantUsers } from '../api/users-api';
import { ADMIN_KEYS } from './admin-query-keys';

export const useTenantUsers = (isEnabled = true) =>
  useQuery({
    queryKey: ADMIN_KEYS.users,
    queryFn: ({ signal }) => fetchTenantUsers(signal),
    enabled: isEnabled,
  });

export const useRoles = () =>
  useQuery({ queryKey: ADMIN_KEYS.roles, queryFn: ({ signal }) => fetchRoles(signal) });

export const useTenant = () =>
  useQuery({ queryKey: ADMIN_KEYS.tenant, queryFn: ({ signal }) => fetchTenant(signal) });

export const useTenantLlmProviders = () =>
  useQuery({ queryKey: ADMIN_KEYS.llmProviders, queryFn: ({ signal }) => fetchTenantLlmProviders(signal) });

export const usePermissionsData = () =>
  useQuery({ queryKey: ADMIN_KEYS.permissions, queryFn: ({ signal }) => fetchPermissionsData(signal) });

export const useBotIdNames = () =>
  // Asked afresh each time a dialog opens: bots come and go on other screens.
  useQuery({
    queryKey: ADMIN_KEYS.botIdNames,
    queryFn: ({ signal }) => fetchBotIdNames(signal),
    staleTime: 0,
  });

export const useUsersForBot = (tenantId: string, botId: string) =>
  useQuery({
    queryKey: ADMIN_KEYS.usersForBot(botId),
    queryFn: ({ signal }) => fetchUsersForBot(tenantId, botId, signal),
  });

/**
 * The caller's permission ids on a bot, asked afresh each time (a role may have changed since
 * the list loaded); same key and shape as the bot page's, so both share the answer. A failure
 * counts as no permission: the dialog then only shows.
 */
export const useFreshBotPermissionIds = (botName: string) =>
  useQuery({
    queryKey: BOT_KEYS.permissions(botName),
    queryFn: async ({ signal }) => (await fetchBotPermissions(botName, signal)).permissions,
    staleTime: 0,
    meta: { handlesErrors: true },
  });
