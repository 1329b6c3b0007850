import { asPercent, SYNC_MESSAGES, type SyncComparison } from '@parley/contracts';

/**
 * Accuracy of the new model and of the published one on the bot's test dataset, or 'No test
 * set' once training ran without a dataset (docs/decisions.md, Publishing).
 */
export function ModelComparison({ comparison }: { comparison: SyncComparison | null }) {
  if (!comparison) return <p className="publishing__muted">{SYNC_MESSAGES.noTestSet}</p>;
  return (
    <dl className="model-comparison">
      <div>
        <dt>New model</dt>
        <dd>{asPercent(comparison.draftAccuracy)}</dd>
      </div>
      <div>
        <dt>Published model</dt>
        <dd>
          {comparison.publishedAccuracy === null ? 'None yet' : asPercent(comparison.publishedAccuracy)}
        </dd>
      </div>
      <div>
        <dt>Test set</dt>
        <dd>{comparison.testSize} utterances</dd>
      </div>
    </dl>
  );
}
