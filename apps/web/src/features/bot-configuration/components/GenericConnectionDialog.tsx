import { CHANNELS, type ChannelDeclaration, type ConnectionView } from '@parley/contracts';
import { Button, Modal } from '../../../ui';

const CONTENT_NAMES = {
  gif: 'GIF images',
  attachment: 'attachments',
  adaptiveCard: 'adaptive cards',
} as const;

/** What a channel's declaration says it can show, as sentences (spec 03 section 9). */
function limitsOf(connection: ConnectionView): string[] {
  if (connection.kind !== 'channel') return [];
  const capabilities = (CHANNELS as Record<string, ChannelDeclaration>)[connection.id]?.capabilities;
  if (!capabilities) return [];
  const lines: string[] = [];
  const text = capabilities.textLimit;
  if (text)
    lines.push(
      `Messages ${text.severity === 'error' ? 'must stay below' : 'should stay below'} ${text.max.toLocaleString()} characters${text.note ? ` (${text.note})` : ''}.`,
    );
  if (capabilities.maxOptions !== undefined)
    lines.push(`At most ${capabilities.maxOptions} options per message.`);
  for (const [content, severity] of Object.entries(capabilities.content ?? {}))
    lines.push(
      `${CONTENT_NAMES[content as keyof typeof CONTENT_NAMES]} ${severity === 'error' ? 'cannot be shown' : 'may not show as intended'}.`,
    );
  return lines;
}

/**
 * The dialog of a connection without settings of its own (spec 04 section 2.3: 'any other
 * entry opens a generic dialog with no settings'): its state, what it can show, and the way to
 * get it connected.
 */
export function GenericConnectionDialog({
  connection,
  onClose,
}: {
  connection: ConnectionView;
  onClose(): void;
}) {
  const limits = limitsOf(connection);
  return (
    <Modal
      title={connection.name}
      onClose={onClose}
      size="sm"
      footer={
        <Button variant="secondary" onClick={onClose}>
          OK
        </Button>
      }
    >
      <p>
        State: <strong>{connection.state}</strong>
      </p>
      <p>
        {connection.name} has no settings to enter here. Parley's team connects it for you: use 'Request
        connection' in the list and we will get in touch.
      </p>
      {limits.length > 0 && (
        <>
          <h3 className="configuration__dialog-heading">What {connection.name} can show</h3>
          <ul>
            {limits.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}
