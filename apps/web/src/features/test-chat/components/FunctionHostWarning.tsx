import type { UnreachableFunctionHost } from '@parley/contracts';
import { Banner } from '../../../ui';

const withFullStop = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * Tells the tester, before the chat breaks there, which functions of the bot's active flows
 * cannot reach their host, why, and which flows call them.
 */
export function FunctionHostWarning({
  unreachable,
  onDismiss,
}: {
  unreachable: UnreachableFunctionHost[];
  onDismiss: () => void;
}) {
  return (
    <Banner
      tone="warning"
      className="test-chat__host-warning"
      title={
        unreachable.length === 1
          ? 'A function cannot reach its host'
          : `${unreachable.length} functions cannot reach their hosts`
      }
      onDismiss={onDismiss}
    >
      <ul className="test-chat__host-list">
        {unreachable.map((fn) => (
          <li key={fn.functionName}>
            <strong>{fn.functionName}</strong>
            {fn.host && ` (${fn.host})`}: {withFullStop(fn.message)}{' '}
            <span className="test-chat__host-callers">Called by {fn.calledBy.join(', ')}.</span>
          </li>
        ))}
      </ul>
      <p>
        A conversation fails where its flow calls {unreachable.length === 1 ? 'it' : 'them'}. Change the
        address on the Functions tab, or ask the server's operator to let functions reach the host.
      </p>
    </Banner>
  );
}
