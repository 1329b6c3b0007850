import type { RecognizerResult } from '@parley/contracts';
import { cx } from '../../../ui';

/**
 * Expected intents down, predicted across; the diagonal (right answers) is highlighted and
 * misses are tinted by how many they are.
 */
export function ConfusionMatrix({ result }: { result: RecognizerResult }) {
  const max = Math.max(1, ...result.confusion.flat());
  return (
    <div className="nlu-confusion">
      <table className="nlu-confusion__table">
        <caption className="visually-hidden">Confusion matrix: expected intents by predicted intents</caption>
        <thead>
          <tr>
            <th scope="col" className="nlu-confusion__corner">
              Expected \ Predicted
            </th>
            {result.labels.map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {result.labels.map((expected, i) => (
            <tr key={expected}>
              <th scope="row">{expected}</th>
              {result.labels.map((predicted, j) => {
                const count = result.confusion[i]?.[j] ?? 0;
                const level = count === 0 ? 0 : Math.ceil((count / max) * 3);
                return (
                  <td
                    key={predicted}
                    className={cx(
                      'nlu-confusion__cell',
                      i === j
                        ? 'nlu-confusion__cell--diagonal'
                        : count > 0 && `nlu-confusion__cell--miss-${level}`,
                    )}
                  >
                    {count}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
