import type { NluTestStatus } from '@parley/contracts';
import { Button, Card, DownloadIcon, formatDateTime, Spinner } from '../../../ui';

interface TestRunCardProps {
  status: NluTestStatus;
  canRun: boolean;
  isStarting: boolean;
  hasResults: boolean;
  onRun: () => void;
  onDownloadResults: () => void;
}

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '');

/** Run NLP test (disabled while a run is going) and download results. */
export function TestRunCard({
  status,
  canRun,
  isStarting,
  hasResults,
  onRun,
  onDownloadResults,
}: TestRunCardProps) {
  const line = status.isRunning
    ? `Running since ${when(status.startedAt)}`
    : status.status === 'finished'
      ? `Last test finished ${when(status.finishedAt)}`
      : status.status === 'failed'
        ? `The last test failed: ${status.error ?? ''}`
        : 'No NLU test has run yet.';
  return (
    <Card
      title="NLU test"
      description="Trains each measured recognizer on the bot's content and predicts every dataset sentence."
    >
      <p className="nlu-performance__run-state" data-testid="nlu-test-state">
        {status.isRunning && <Spinner size="sm" label="" />}
        {line}
      </p>
      <div className="nlu-performance__buttons">
        {canRun && (
          <Button onClick={onRun} disabled={status.isRunning || !status.dataset} isLoading={isStarting}>
            Run NLP test
          </Button>
        )}
        <Button
          variant="secondary"
          icon={<DownloadIcon />}
          disabled={!hasResults}
          onClick={onDownloadResults}
        >
          Download results
        </Button>
      </div>
    </Card>
  );
}
