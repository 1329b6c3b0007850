import type { BotConfigurationBody, BotConfigurationView, ConnectionKind } from '@parley/contracts';
import { api } from '../../../api/client';
import { botsApiPath } from '../../bots';

/** The Configuration tab's calls (spec 04 section 7; docs/decisions.md 'Configuration tab'). */
export const fetchConfiguration = (botName: string, signal?: AbortSignal) =>
  api.get<BotConfigurationView>(`${botsApiPath(botName)}/configuration`, signal);

export const saveConfiguration = (botName: string, body: BotConfigurationBody) =>
  api.post<BotConfigurationView & { warnings: string[] }>(`${botsApiPath(botName)}/configuration`, body);

export const requestConnection = (botName: string, kind: ConnectionKind, name: string) =>
  api.post<{ message: string }>(`${botsApiPath(botName)}/request/${kind}`, { name });
