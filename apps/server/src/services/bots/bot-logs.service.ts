import { Readable } from 'node:stream';
import { Permission, permissionDenied } from '@parley/contracts';
import type { Bot, ConversationRecord, TenantScope } from '@parley/db';
import { type BotRef, botRefFor } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import { chatMessagesOf, isMessageTurn } from '../conversations/conversation-log.service';
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

/** The utterances download (GET /api/utterances): what users typed, with what the recognizer made of it. */
const UTTERANCE_COLUMNS = ['timestamp', 'conversationId', 'channel', 'utterance', 'intent', 'score'] as const;

/** Conversations read per page while the history streams. */
const CONVERSATIONS_PER_PAGE = 200;

/** Each of the bot's conversations in the order they started, a page at a time (never all in memory). */
async function* conversationsOf(scope: TenantScope, bot: Bot): AsyncGenerator<ConversationRecord> {
  const conversations = scope.conversations(bot.id);
  let after: { startedAt: string; id: string } | null = null;
  for (;;) {
    const page = await conversations.pageByStart(after, CONVERSATIONS_PER_PAGE);
    yield* page;
    const last = page.at(-1);
    if (!last || page.length < CONVERSATIONS_PER_PAGE) return;
    after = { startedAt: last.startedAt, id: last.id };
  }
}

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
    for await (const conversation of conversationsOf(principal.scope, bot)) {
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

/**
 * GET /api/utterances?bot={botName} (spec 02 section 7, saved as utterances.csv): every message
 * users typed to the bot, conversation by conversation in the order they started, with the intent
 * recognised and its score, streamed. Like every analytics figure it leaves out conversations
 * started with 'Disable analytics'. The path names no bot, so the right to export logs (7) is
 * checked here, before the bot is looked up, as the guard does for the paths that name one.
 */
export async function utterancesCsv(principal: Principal, botName: string): Promise<BotCsv> {
  const ref = botRefFor(principal.tenantId, botName);
  if (!principal.isTenantAdmin) {
    const held = await principal.scope.botRoles.permissionsOn(principal.user.id, ref.id);
    if (!held.includes(Permission.ExportLogs)) throw permissionDenied(Permission.ExportLogs);
  }
  const bot = await loadBot(principal, ref);
  const conversations = principal.scope.conversations(bot.id);
  async function* lines(): AsyncGenerator<string> {
    yield `${UTTERANCE_COLUMNS.join(',')}\r\n`;
    for await (const conversation of conversationsOf(principal.scope, bot)) {
      if (conversation.isAnalyticsDisabled) continue;
      const rows: string[] = [];
      for (const turn of await conversations.turnsOf(conversation.id)) {
        const text = (turn.activity as { text?: unknown }).text;
        if (turn.direction !== 'in' || !isMessageTurn(turn) || typeof text !== 'string' || !text.trim())
          continue;
        const row: Record<(typeof UTTERANCE_COLUMNS)[number], string> = {
          timestamp: turn.at,
          conversationId: conversation.id,
          channel: conversation.channel,
          utterance: text,
          intent: turn.intent ?? '',
          score: turn.confidence === null ? '' : String(turn.confidence),
        };
        rows.push(`${UTTERANCE_COLUMNS.map((c) => csvCell(row[c])).join(',')}\r\n`);
      }
      if (rows.length > 0) yield rows.join('');
    }
  }
  return { botName: bot.botName, csv: Readable.from(lines()) };
}
