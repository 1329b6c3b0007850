import { asPercent, nluProviderLabel, SYNC_MESSAGES, type SyncProgressView } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Banner, Button, ChevronDownIcon, CloseIcon, cx } from '../../../ui';
import { BOT_KEYS } from '../../bots';
import { confirmSync, startSync } from '../api/publishing-api';
import { PUBLISHING_KEYS } from '../hooks/publishing-keys';
import { useSyncProgress } from '../hooks/use-sync-progress';
import { ModelComparison } from './ModelComparison';
import { SyncSteps } from './SyncSteps';

interface ProviderProcessProps {
  botName: string;
  provider: string;
  syncId: string;
  /** Why the provider refused to start, when it did. */
  startFailure: string | undefined;
  /** Any provider of the bot is still being published (Retry waits for it). */
  isAnySyncActive: boolean;
  canPublish: boolean;
  onClose: () => void;
}

const hasRunTraining = (progress: SyncProgressView) =>
  progress.steps.some((s) => s.name === 'TRAIN_BOT' && s.status !== 'InProgress');

/**
 * One provider's publishing process (spec 02 sections 2.6 and 4): collapsible steps, the test
 * set comparison, the question when the new model is less accurate, Retry and a close icon.
 */
export function ProviderProcess(props: ProviderProcessProps) {
  const { botName, provider, syncId, startFailure, isAnySyncActive, canPublish, onClose } = props;
  const label = nluProviderLabel(provider);
  const queryClient = useQueryClient();
  const [isExpanded, setIsExpanded] = useState(true);
  const progress = useSyncProgress(botName, provider, syncId);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: PUBLISHING_KEYS.progress(botName, provider, syncId) }),
      queryClient.invalidateQueries({ queryKey: PUBLISHING_KEYS.status(botName) }),
      queryClient.invalidateQueries({ queryKey: BOT_KEYS.bot(botName) }),
    ]);
  const retry = useMutation({
    mutationFn: () => startSync(botName, provider, syncId),
    onSuccess: () => {
      queryClient.setQueryData(
        PUBLISHING_KEYS.startFailures(botName, syncId),
        (old: Record<string, string> = {}) => {
          const { [provider]: _gone, ...rest } = old;
          return rest;
        },
      );
      return refresh();
    },
  });
  const confirm = useMutation({
    mutationFn: (publish: boolean) => confirmSync(botName, provider, syncId, publish),
    onSuccess: refresh,
  });

  const data = progress.data;
  const isFinished = startFailure !== undefined || data?.isDone === true;
  const hasErrors = startFailure !== undefined || data?.state === 'Failed' || data?.state === 'Warning';
  const stateText = startFailure
    ? 'Failed'
    : !data
      ? 'Loading'
      : data.state === 'AwaitingConfirmation'
        ? 'Waiting for your decision'
        : data.isDone
          ? data.state === 'InProgress'
            ? 'Failed'
            : data.state
          : `${data.progress}%`;

  return (
    <section className="publishing-process" aria-label={`Publishing to ${label}`}>
      <header className="publishing-process__header">
        <button
          type="button"
          className="publishing-process__toggle"
          aria-expanded={isExpanded}
          onClick={() => setIsExpanded((open) => !open)}
        >
          <ChevronDownIcon className={cx('publishing-process__chevron', !isExpanded && 'is-collapsed')} />
          <span className="publishing-process__name">{label}</span>
        </button>
        <span
          className={`publishing-process__state publishing-process__state--${stateText.toLowerCase().replace(/[^a-z]+/g, '-')}`}
        >
          {stateText}
        </span>
        <button
          type="button"
          className="publishing-process__close"
          aria-label={`Close ${label}`}
          onClick={onClose}
        >
          <CloseIcon />
        </button>
      </header>
      {isExpanded && (
        <div className="publishing-process__body">
          {startFailure !== undefined ? (
            <p className="publishing__error">{startFailure}</p>
          ) : progress.isError ? (
            <p className="publishing__error">The progress of this publish could not be loaded.</p>
          ) : !data ? (
            <p className="publishing__muted">Loading the steps...</p>
          ) : (
            <>
              <SyncSteps steps={data.steps} />
              {(data.comparison || hasRunTraining(data)) && <ModelComparison comparison={data.comparison} />}
              {data.state === 'AwaitingConfirmation' && data.comparison && (
                <Banner
                  tone="warning"
                  title={SYNC_MESSAGES.worseTitle}
                  action={
                    canPublish && (
                      <div className="publishing-process__decision">
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => confirm.mutate(false)}
                          disabled={confirm.isPending}
                        >
                          {SYNC_MESSAGES.keepPublished}
                        </Button>
                        <Button size="sm" onClick={() => confirm.mutate(true)} isLoading={confirm.isPending}>
                          {SYNC_MESSAGES.publishAnyway}
                        </Button>
                      </div>
                    )
                  }
                >
                  {SYNC_MESSAGES.worseText(
                    asPercent(data.comparison.draftAccuracy),
                    asPercent(data.comparison.publishedAccuracy ?? 0),
                  )}
                </Banner>
              )}
            </>
          )}
          {isFinished && hasErrors && canPublish && (
            <div className="publishing-process__actions">
              <Button
                size="sm"
                variant="secondary"
                onClick={() => retry.mutate()}
                disabled={isAnySyncActive}
                isLoading={retry.isPending}
              >
                Retry
              </Button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
