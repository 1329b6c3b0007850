import {
  asPercent,
  type IntentScoreRow,
  type MisclassifiedUtterance,
  type NluTestResults,
  nluProviderLabel,
} from '@parley/contracts';
import { useState } from 'react';
import { Card, cx, Table, type TableColumn, Tabs } from '../../../ui';
import { ConfusionMatrix } from './ConfusionMatrix';

const INTENT_COLUMNS: TableColumn<IntentScoreRow>[] = [
  { key: 'intent', header: 'Intent', render: (r) => r.intent },
  { key: 'support', header: 'Sentences', align: 'end', render: (r) => r.support },
  { key: 'precision', header: 'Precision', align: 'end', render: (r) => asPercent(r.precision) },
  { key: 'recall', header: 'Recall', align: 'end', render: (r) => asPercent(r.recall) },
  { key: 'f1', header: 'F1', align: 'end', render: (r) => asPercent(r.f1) },
];

const MISS_COLUMNS: TableColumn<MisclassifiedUtterance>[] = [
  { key: 'utterance', header: 'Utterance', render: (m) => m.utterance },
  { key: 'expected', header: 'Expected', render: (m) => m.expected },
  { key: 'predicted', header: 'Predicted', render: (m) => m.predicted },
  { key: 'confidence', header: 'Confidence', align: 'end', render: (m) => asPercent(m.confidence) },
];

/** The latest results: accuracy per recognizer, then one recognizer's intents, confusion and misses. */
export function ResultsView({ results }: { results: NluTestResults }) {
  const [selected, setSelected] = useState(results.recognizers[0]?.recognizer ?? '');
  const result = results.recognizers.find((r) => r.recognizer === selected) ?? results.recognizers[0];
  if (!result) return null;
  return (
    <Card
      title="Results"
      description={`${results.datasetRows} sentences, tested ${new Date(results.finishedAt).toLocaleString()}`}
    >
      <ul className="nlu-performance__accuracies" aria-label="Accuracy per recognizer">
        {results.recognizers.map((r) => (
          <li
            key={r.recognizer}
            className={cx('nlu-performance__accuracy', r.recognizer === result.recognizer && 'is-selected')}
          >
            <span className="nlu-performance__accuracy-label">{nluProviderLabel(r.recognizer)}</span>
            <span className="nlu-performance__accuracy-value" data-testid={`accuracy-${r.recognizer}`}>
              {asPercent(r.accuracy)}
            </span>
            <span className="nlu-performance__accuracy-count">
              {r.correct} of {r.total} right
            </span>
          </li>
        ))}
      </ul>
      <Tabs
        label="Recognizer"
        tabs={results.recognizers.map((r) => ({ id: r.recognizer, label: nluProviderLabel(r.recognizer) }))}
        selectedId={result.recognizer}
        onSelect={setSelected}
      >
        <div className="nlu-performance__result">
          <h3 className="nlu-performance__heading">Per intent</h3>
          <Table
            caption="Precision, recall and F1 per intent"
            columns={INTENT_COLUMNS}
            rows={result.intents}
            rowKey={(r) => r.intent}
          />
          <h3 className="nlu-performance__heading">Confusion</h3>
          <ConfusionMatrix result={result} />
          <h3 className="nlu-performance__heading">Misclassified utterances</h3>
          <Table
            caption="Misclassified utterances"
            columns={MISS_COLUMNS}
            rows={result.misclassified}
            rowKey={(m) => `${m.utterance}|${m.expected}|${m.predicted}`}
            emptyText="Every sentence was recognized."
          />
        </div>
      </Tabs>
    </Card>
  );
}
