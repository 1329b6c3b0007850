import { asPercent, type NluAutomateStatus, nluProviderLabel } from '@parley/contracts';
import { Card, formatDateTime, Table, type TableColumn } from '../../../ui';

type Score = NonNullable<NluAutomateStatus['decision']>['scores'][number];

const COLUMNS: TableColumn<Score>[] = [
  { key: 'recognizer', header: 'Recognizer', render: (s) => nluProviderLabel(s.recognizer) },
  { key: 'accuracy', header: 'Accuracy', align: 'end', render: (s) => asPercent(s.accuracy) },
  { key: 'count', header: 'Right', align: 'end', render: (s) => `${s.correct} of ${s.total}` },
];

/** NLU automate (spec 04 section 3.1): its latest decision and the scores it was made on. */
export function AutomateCard({ automate }: { automate: NluAutomateStatus }) {
  const { decision } = automate;
  const schedule =
    automate.intervalHours > 0
      ? `It runs after each publish and every ${automate.intervalHours} hours.`
      : 'It runs after each publish.';
  return (
    <Card title="NLU automate" description={automate.nluAutomate ? `On. ${schedule}` : 'Off for this bot.'}>
      {decision ? (
        <>
          <p className="nlu-performance__decision" data-testid="nlu-automate-decision">
            {decision.note ??
              `${decision.changed ? 'Switched to' : 'Kept'} ${nluProviderLabel(decision.chosen)} on ${formatDateTime(decision.decidedAt)}, measured ${decision.method === 'dataset' ? 'on the dataset' : `by ${decision.folds}-fold cross-validation of the bot's utterances`}.`}
          </p>
          <Table
            caption="NLU automate scores"
            columns={COLUMNS}
            rows={decision.scores}
            rowKey={(s) => s.recognizer}
          />
        </>
      ) : (
        <p className="nlu-performance__decision">NLU automate has not decided yet.</p>
      )}
    </Card>
  );
}
