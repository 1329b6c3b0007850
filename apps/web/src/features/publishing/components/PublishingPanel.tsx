import type { BotSyncStatusView } from '@parley/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Spinner } from '../../../ui';
import { BOT_KEYS } from '../../bots';
import { PUBLISHING_KEYS } from '../hooks/publishing-keys';
import { useSyncEvents } from '../hooks/use-sync-events';
import { useSyncIdParam } from '../hooks/use-sync-id-param';
import { isAnySyncActive, useSyncStatus } from '../hooks/use-sync-status';
import { ProviderProcess } from './ProviderProcess';
import './publishing.css';

/** The publish a running sync belongs to (the panel opens for it, also after a reload). */
const activeSyncIdOf = (status: BotSyncStatusView | undefined) =>
  Object.values(status?.providers ?? {}).find((p) => p.isSyncInProgress)?.lastSyncId ?? null;

/**
 * The publishing panel (spec 02 sections 2.1, 2.6 and 4): one process per provider of the
 * publish named by the `syncId` query parameter, or of the sync running now. The parameter is
 * removed when every process has ended; the panel stays until each process is closed.
 */
export function PublishingPanel({
  botName,
  botId,
  canPublish,
}: {
  botName: string;
  botId: string;
  canPublish: boolean;
}) {
  const queryClient = useQueryClient();
  const status = useSyncStatus(botName);
  const [syncIdParam, setSyncIdParam] = useSyncIdParam();
  const syncId = syncIdParam ?? activeSyncIdOf(status.data);
  const [shown, setShown] = useState<{ syncId: string; dismissed: string[] } | null>(null);
  const isActive = isAnySyncActive(status.data);
  useSyncEvents(botName, botId, shown !== null);

  useEffect(() => {
    if (syncId && shown?.syncId !== syncId) setShown({ syncId, dismissed: [] });
  }, [syncId, shown?.syncId]);

  const failures = useQuery({
    queryKey: PUBLISHING_KEYS.startFailures(botName, shown?.syncId ?? ''),
    queryFn: () => ({}) as Record<string, string>,
    staleTime: Number.POSITIVE_INFINITY,
    enabled: shown !== null,
  });
  const startFailures = failures.data ?? {};
  const providers = shown
    ? [
        ...new Set([
          ...Object.values(status.data?.providers ?? {})
            .filter((p) => p.lastSyncId === shown.syncId)
            .map((p) => p.provider),
          ...Object.keys(startFailures),
        ]),
      ]
    : [];
  const visible = providers.filter((p) => !shown?.dismissed.includes(p));
  const hasEnded =
    providers.length > 0 &&
    providers.every((p) => startFailures[p] !== undefined || !status.data?.providers[p]?.isSyncInProgress);

  // All publishing ended: the sync id leaves the address, the bot's published state is fresh.
  useEffect(() => {
    if (!syncIdParam || !hasEnded) return;
    setSyncIdParam(null);
    void queryClient.invalidateQueries({ queryKey: BOT_KEYS.bot(botName) });
  }, [syncIdParam, hasEnded, setSyncIdParam, queryClient, botName]);

  if (!shown) return null;
  const isStarting = providers.length === 0 && syncIdParam === shown.syncId;
  if (!isStarting && visible.length === 0) return null;

  const dismiss = (provider: string) => {
    const dismissed = [...shown.dismissed, provider];
    setShown({ ...shown, dismissed });
    if (providers.every((p) => dismissed.includes(p))) setSyncIdParam(null);
  };

  return (
    <aside className="publishing" aria-label="Publishing">
      <h2 className="publishing__title">Publishing</h2>
      {isStarting ? (
        <p className="publishing__muted">
          <Spinner size="sm" /> Starting the publish...
        </p>
      ) : (
        visible.map((provider) => (
          <ProviderProcess
            key={provider}
            botName={botName}
            provider={provider}
            syncId={shown.syncId}
            startFailure={startFailures[provider]}
            isAnySyncActive={isActive}
            canPublish={canPublish}
            onClose={() => dismiss(provider)}
          />
        ))
      )}
    </aside>
  );
}
