import type { BotSyncStatusView, SyncProgressView, SyncStartedView } from '@parley/contracts';
import { api } from '../../../api/client';

const base = (botName: string) => `/api/synchronization/${encodeURIComponent(botName)}`;
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** Every provider's publishing state of the bot (spec 04 section 3.10). */
export const fetchSyncStatus = (botName: string, signal?: AbortSignal) =>
  api.get<BotSyncStatusView>(`${base(botName)}/status`, signal);

/** Starts (or retries, with the same syncId) one provider's sync of a publish. */
export const startSync = (botName: string, provider: string, syncId: string) =>
  api.post<SyncStartedView>(`${base(botName)}/sync?${query({ provider, syncId })}`);

export const fetchSyncProgress = (botName: string, provider: string, syncId: string, signal?: AbortSignal) =>
  api.get<SyncProgressView>(`${base(botName)}/progress?${query({ provider, syncId })}`, signal);

/** The answer to 'the new model is less accurate: publish anyway?'. */
export const confirmSync = (botName: string, provider: string, syncId: string, publish: boolean) =>
  api.post<SyncProgressView>(`${base(botName)}/confirm?${query({ provider, syncId })}`, { publish });
