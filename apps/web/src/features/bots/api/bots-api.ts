import {
  type BotDetails,
  type BotLimit,
  type BotPermissions,
  type BotTemplateSummary,
  type BotView,
  botFileNames,
  type CreateBotBody,
  type CreateBotResponse,
} from '@parley/contracts';
import { api } from '../../../api/client';
import { downloadFile } from '../../../api/download-file';
import { botsApiPath } from '../content-paths';

/** The overview's cards: every bot for account administrators, else those with a role. */
export const fetchBots = (signal?: AbortSignal) => api.get<BotView[]>('/api/bots', signal);

export const fetchBotTemplates = (signal?: AbortSignal) =>
  api.get<BotTemplateSummary[]>('/api/bots/templates', signal);

/** How the plan's bot cap stands; asked fresh each time the create dialog is about to open. */
export const fetchBotLimit = () => api.get<BotLimit>('/api/bots/limit');

/** The create payload as the browser sends it (the server applies the defaults). */
export type CreateBotRequest = Partial<CreateBotBody> & Pick<CreateBotBody, 'name' | 'region'>;

export const createBot = (body: CreateBotRequest) => api.post<CreateBotResponse>('/api/bot', body);

export const fetchBot = (botName: string, signal?: AbortSignal) =>
  api.get<BotDetails>(botsApiPath(botName), signal);

export const fetchBotPermissions = (botName: string, signal?: AbortSignal) =>
  api.get<BotPermissions>(`${botsApiPath(botName)}/permissions`, signal);

export const deleteBot = (botName: string) => api.delete(botsApiPath(botName));

export const hideSnippetMigrationBanner = (botName: string) =>
  api.put(`${botsApiPath(botName)}/hide-snippet-migration-banner`);

/** Download Logs: the bot's message history as bot-{bot}-history.csv. */
export const downloadMessageHistory = (botName: string) =>
  downloadFile(`${botsApiPath(botName)}/message-history`, botFileNames.messageHistory(botName));

/** Whether the selected tenant is disabled (invalid subscription or failed payment). */
export const fetchTenantDisabled = (signal?: AbortSignal) => api.get<boolean>('/api/tenant/disabled', signal);
