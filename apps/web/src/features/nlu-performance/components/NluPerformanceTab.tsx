import { Permission } from '@parley/contracts';
import { isApiError } from '../../../api/api-error';
import { EmptyState, Spinner } from '../../../ui';
import type { SettingsTabProps } from '../../bot-settings';
import { useDatasetFiles } from '../hooks/use-dataset-files';
import { useMeasuringDraft } from '../hooks/use-measuring-draft';
import { useNluAutomate, useNluResults } from '../hooks/use-nlu-results';
import { useNluTest } from '../hooks/use-nlu-test';
import { AutomateCard } from './AutomateCard';
import { BotFileActions } from './BotFileActions';
import { DatasetCard } from './DatasetCard';
import { MeasuringCard } from './MeasuringCard';
import { ResultsView } from './ResultsView';
import { TestRunCard } from './TestRunCard';
import './nlu-performance.css';

/**
 * The NLU Performance tab (spec 04 sections 2.3, 4 'Measuring', 7.2): export and delete the
 * bot, the test dataset, running an NLU test and its results, the measuring toggles (saved by
 * 'Save settings') and NLU automate's decision.
 */
export function NluPerformanceTab({ bot, permissions, registerSaveAction }: SettingsTabProps) {
  const test = useNluTest(bot.botName);
  const files = useDatasetFiles(bot.botName);
  const hasResults = test.status.data?.hasResults === true;
  const results = useNluResults(bot.botName, hasResults);
  const automate = useNluAutomate(bot.botName);
  const measuring = useMeasuringDraft(bot.botName, registerSaveAction);
  const canRun = permissions.includes(Permission.RunNluTests);
  const canMeasure = permissions.includes(Permission.ManageNluMeasuring);

  if (test.status.isPending) return <Spinner label="Loading NLU performance" />;
  if (test.status.isError) {
    const error = test.status.error;
    return (
      <EmptyState
        title="NLU performance could not be loaded"
        description={isApiError(error) ? error.message : undefined}
      />
    );
  }
  const status = test.status.data;

  return (
    <section className="nlu-performance" aria-label="NLU Performance">
      <BotFileActions bot={bot} permissions={permissions} />
      <div className="nlu-performance__grid">
        <DatasetCard
          dataset={status.dataset}
          canUpload={canRun}
          isUploading={files.isUploading}
          onUpload={(file) => void files.upload(file)}
          onDownload={files.download}
        />
        <TestRunCard
          status={status}
          canRun={canRun}
          isStarting={test.isStarting}
          hasResults={hasResults}
          onRun={() => void test.start()}
          onDownloadResults={() => files.download('results')}
        />
        {measuring.measuring.isError && <EmptyState title="The measuring settings could not be loaded" />}
        {measuring.measuring.data && measuring.value && (
          <MeasuringCard
            view={measuring.measuring.data}
            value={measuring.value}
            canEdit={canMeasure}
            onMeasuring={measuring.setMeasuring}
            onProvider={measuring.setProvider}
          />
        )}
        {automate.data && <AutomateCard automate={automate.data} />}
      </div>
      {!hasResults && (
        <EmptyState
          title="No results yet"
          description="Upload a dataset and run an NLP test to see how well the bot recognizes intents."
        />
      )}
      {hasResults && results.isPending && <Spinner label="Loading the results" />}
      {hasResults && results.isError && <EmptyState title="The results could not be loaded" />}
      {hasResults && results.data && <ResultsView key={results.data.finishedAt} results={results.data} />}
    </section>
  );
}
