import { type ClientMessage, clientMessageSchema, type ServerMessage } from '@parley/contracts';

/** A client's frame as a message, or the sentence that tells it what was wrong. */
export function parseClientMessage(raw: string): { message: ClientMessage } | { problem: string } {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { problem: 'Messages must be JSON.' };
  }
  const parsed = clientMessageSchema.safeParse(data);
  if (parsed.success) return { message: parsed.data };
  const type = (data as { type?: unknown } | null)?.type;
  const issue = parsed.error.issues[0];
  if (type === 'conversation:say' && issue?.path[0] === 'activity') {
    return { problem: `Invalid message: ${issue.message}` };
  }
  if (type !== 'subscribe' && type !== 'unsubscribe' && type !== 'conversation:say') {
    return { problem: 'Unknown message.' };
  }
  const where = issue?.path.length ? issue.path.join('.') : 'topic';
  return { problem: `Invalid topic (${where}): ${issue?.message ?? 'not a topic'}.` };
}

/** What a socket keeps to take its messages one after the other. */
export interface MessageInbox {
  isClosed: boolean;
  inbox: Promise<void>;
  queuedMessages: number;
}

/**
 * Takes a client's frame after the ones before it (a socket's messages are handled in order);
 * past `maxQueued` waiting it is refused with an error message instead. A frame that is not a
 * message gets the sentence saying why; a failure of `handle` is logged, the socket stays open.
 */
export function receiveInOrder<C extends MessageInbox>(
  connection: C,
  raw: string,
  options: {
    maxQueued: number;
    handle(connection: C, message: ClientMessage): Promise<void> | void;
    send(connection: C, message: ServerMessage): void;
    onFailure(error: unknown): void;
  },
): void {
  if (connection.isClosed) return;
  if (connection.queuedMessages >= options.maxQueued) {
    options.send(connection, { type: 'error', message: 'Too many messages at once; wait for the answers.' });
    return;
  }
  connection.queuedMessages++;
  connection.inbox = connection.inbox
    .then(() => {
      if (connection.isClosed) return;
      const parsed = parseClientMessage(raw);
      if ('problem' in parsed) options.send(connection, { type: 'error', message: parsed.problem });
      else return options.handle(connection, parsed.message);
    })
    .catch(options.onFailure)
    .finally(() => {
      connection.queuedMessages--;
    });
}
