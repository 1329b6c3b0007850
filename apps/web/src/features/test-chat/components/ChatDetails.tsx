import type { TurnDetailsView } from '@parley/contracts';
import type { Recognition } from '../hooks/chat-log';

const percent = (score: number | null) => (score === null ? '–' : `${(score * 100).toFixed(1)}%`);
const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

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
      <section aria-label="Conversation state">
        <h3>Conversation state</h3>
        {details.variables.length === 0 ? (
          <p className="test-chat__muted">No variables yet</p>
        ) : (
          <table className="test-chat__table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody>
              {details.variables.map((variable) => (
                <tr key={variable.name}>
                  <td>{variable.name}</td>
                  <td>{variable.type}</td>
                  <td>{shown(variable.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-label="Intent recognitions">
        <h3>Intent recognitions</h3>
        {recognitions.length === 0 ? (
          <p className="test-chat__muted">None yet</p>
        ) : (
          <table className="test-chat__table">
            <thead>
              <tr>
                <th scope="col">Utterance</th>
                <th scope="col">Intent</th>
                <th scope="col">Score</th>
              </tr>
            </thead>
            <tbody>
              {recognitions.map((r, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: recognitions are only appended
                <tr key={index}>
                  <td>{r.utterance}</td>
                  <td>{r.intent ?? 'None'}</td>
                  <td>{percent(r.score)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
