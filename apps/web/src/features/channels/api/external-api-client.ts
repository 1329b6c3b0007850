import type { ExternalApiSettingsView, GeneratedApiKey, UpdateApiKeysBody } from '@parley/contracts';
import { api } from '../../../api/client';

/** The External API channel's keys (docs/decisions.md 'External API channel'). */
const externalPath = (botName: string) => `/api/external/${encodeURIComponent(botName)}`;

export const externalApiKey = (botName: string) => ['external-api', botName] as const;

export const readExternalApi = (botName: string, signal?: AbortSignal) =>
  api.get<ExternalApiSettingsView>(`${externalPath(botName)}/api-keys`, signal);

export const generateApiKey = (botName: string) =>
  api.post<GeneratedApiKey>(`${externalPath(botName)}/api-key/generate`, { expiresOnDate: false });

export const updateApiKeys = (botName: string, body: Partial<UpdateApiKeysBody>) =>
  api.put(`${externalPath(botName)}/api-key/update`, body);

export const deleteApiKey = (botName: string, keyId: string) =>
  api.delete(`${externalPath(botName)}/api-key/${encodeURIComponent(keyId)}`);
