import type { ChatMessageView } from '@parley/contracts';

/**
 * The milliseconds between a sent message and the received one before it (spec 01 'Conversation
 * log'): how long the bot took to answer. Null for received messages and for a sent one without
 * a received message before it.
 */
export function answerDelayMs(message: ChatMessageView): number | null {
  if (message.type !== 'sent' || !message.statistics.messageFirstReceived) return null;
  return Date.parse(message.timestamp) - Date.parse(message.statistics.messageFirstReceived);
}

/** A time of day with seconds and milliseconds, in the browser's time zone. */
export function timeOfDay(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}
