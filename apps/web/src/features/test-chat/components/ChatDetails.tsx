import type { TurnDetailsView } from '@parley/contracts';
import type { Recognition } from '../hooks/chat-log';

const percent = (score: number | null) => (score === null ? '–' : `${(score * 100).toFixed(1)}%`);
const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** One titled table of the details, or what to say while it has no rows. */
function DetailsTable({
  label,
  empty,
  columns,
  rows,
}: {
  label: string;
  empty: string;
  columns: readonly string[];
  rows: ReadonlyArray<readonly string[]>;
}) {
  return (
    <section aria-label={label}>
      <h3>{label}</h3>
      {rows.length === 0 ? (
        <p className="test-chat__muted">{empty}</p>
      ) : (
        <table className="test-chat__table">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are only appended, never reordered
              <tr key={index}>
                {row.map((cell, column) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells follow the columns
                  <td key={column}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * 'Show details' (spec 01 'Test chat extras'): the last turn's triggered intent and score,
 * entities and the conversation's variables, and every intent recognition of the conversation.
 */
export function ChatDetails({
  details,
  recognitions,
}: {
  details: TurnDetailsView | null;
  recognitions: Recognition[];
}) {
  if (!details)
    return <p className="test-chat__muted">Details of the last message show here once the bot answers.</p>;
  return (
    <div className="test-chat__details">
      <section aria-label="Triggered intent">
        <h3>Triggered intent</h3>
        <p>
          {details.intent === null
            ? 'None (the answer went to the waiting block)'
            : `${details.intent} (${percent(details.score)})`}
        </p>
        {details.error && (
          <p className="test-chat__error" role="alert">
            {details.error}
          </p>
        )}
      </section>
      <section aria-label="Entities">
        <h3>Entities</h3>
        {details.entities.length === 0 ? (
          <p className="test-chat__muted">None</p>
        ) : (
          <ul>
            {details.entities.map((entity) => (
              <li key={`${entity.entity}:${entity.text}`}>
                {entity.entity}: {entity.text} → {shown(entity.value)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <DetailsTable
        label="Conversation state"
        empty="No variables yet"
        columns={['Name', 'Type', 'Value']}
        rows={details.variables.map((v) => [v.name, v.type, shown(v.value)])}
      />
      <DetailsTable
        label="Intent recognitions"
        empty="None yet"
        columns={['Utterance', 'Intent', 'Score']}
        rows={recognitions.map((r) => [r.utterance, r.intent ?? 'None', percent(r.score)])}
      />
    </div>
  );
}
