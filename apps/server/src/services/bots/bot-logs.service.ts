import { Readable } from 'node:stream';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import { chatMessagesOf } from '../conversations/conversation-log.service';
import { csvCell } from '../tenancy/audit-log.service';
import { loadBot } from './bot-access.service';

/** Columns of the downloads, after the chat message of spec 01 section 3 and the GDPR consent. */
const HISTORY_COLUMNS = [
  'conversationId',
  'timestamp',
  'user',
  'type',
  'message',
  'messageFirstReceived',
  'messageTextSent',
  'messageSpeechSent',
] as const;
/** `consent` is agreed, rejected or disabled (rejected and turned the bot off); `channel` where it was asked. */
const CONSENT_COLUMNS = ['timestamp', 'userId', 'conversationId', 'consent', 'channel'] as const;

function toCsv<C extends string>(columns: readonly C[], rows: ReadonlyArray<Record<C, string>>): string {
  const lines = [columns.join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export interface BotCsv {
  botName: string;
  /** The whole file, or its lines as they are read (a big history is never held in memory). */
  csv: string | Readable;
}

/** Conversations read per page while the history streams. */
const CONVERSATIONS_PER_PAGE = 200;

/** What a turn's activity said, as one cell: its text, buttons after it; other kinds as JSON. */
function messageOf(activity: unknown): string {
  const a = (activity ?? {}) as { text?: unknown; options?: unknown };
  if (typeof a.text === 'string') {
    return Array.isArray(a.options) ? `${a.text} [${a.options.join(' | ')}]` : a.text;
  }
  return JSON.stringify(activity);
}

/**
 * GET /api/bots/{bot}/message-history: every message of the bot's conversations (spec 01's chat
 * message: received from the user, sent by the bot), conversation by conversation in the order
 * they started, streamed: a page of conversations is read only when the previous one is sent.
 */
export async function messageHistoryCsv(principal: Principal, botRef: BotRef): Promise<BotCsv> {
  const bot = await loadBot(principal, botRef);
  const conversations = principal.scope.conversations(bot.id);
  async function* lines(): AsyncGenerator<string> {
    yield `${HISTORY_COLUMNS.join(',')}\r\n`;
    let after: { startedAt: string; id: string } | null = null;
    for (;;) {
      const page = await conversations.pageByStart(after, CONVERSATIONS_PER_PAGE);
      for (const conversation of page) {
        const messages = chatMessagesOf(conversation, await conversations.turnsOf(conversation.id));
        const rows = messages.map((m) => {
          const row: Record<(typeof HISTORY_COLUMNS)[number], string> = {
            conversationId: m.conversationId,
            timestamp: m.timestamp,
            user: m.user,
            type: m.type,
            message: messageOf(m.message),
            messageFirstReceived: m.statistics.messageFirstReceived ?? '',
            messageTextSent: m.statistics.messageTextSent ?? '',
            messageSpeechSent: m.statistics.messageSpeechSent ?? '',
          };
          return `${HISTORY_COLUMNS.map((c) => csvCell(row[c])).join(',')}\r\n`;
        });
        if (rows.length > 0) yield rows.join('');
      }
      const last = page.at(-1);
      if (!last || page.length < CONVERSATIONS_PER_PAGE) return;
      after = { startedAt: last.startedAt, id: last.id };
    }
  }
  return { botName: bot.botName, csv: Readable.from(lines()) };
}

/**
 * GET /api/bots/{bot}/consent: every consent decision of the bot's users, oldest first (a user
 * who changed their mind has a row per decision), as the runtime recorded them.
 */
export async function consentCsv(principal: Principal, botRef: BotRef): Promise<BotCsv> {
  const bot = await loadBot(principal, botRef);
  const decisions = await principal.scope.consents(bot.id).list();
  const rows = decisions.map((d) => ({
    timestamp: d.decidedAt,
    userId: d.userKey,
    conversationId: d.conversationId,
    consent: d.decision,
    channel: d.channel,
  }));
  return { botName: bot.botName, csv: toCsv(CONSENT_COLUMNS, rows) };
}
