import { type ClientMessage, clientMessageSchema } from '@parley/contracts';

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
