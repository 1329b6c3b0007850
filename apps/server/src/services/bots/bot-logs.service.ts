import type { Principal } from '../../auth/principal';
import { csvCell } from '../tenancy/audit-log.service';
import { botNamed } from './bot-access.service';

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
const CONSENT_COLUMNS = ['timestamp', 'userId', 'conversationId', 'consent'] as const;

function toCsv<C extends string>(columns: readonly C[], rows: ReadonlyArray<Record<C, string>>): string {
  const lines = [columns.join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export interface BotCsv {
  botName: string;
  csv: string;
}

/**
 * GET /api/bots/{bot}/message-history. Conversations are not stored yet (the conversation
 * part lands with the runtime), so a bot has no messages and the file is its header row.
 */
export async function messageHistoryCsv(principal: Principal, botName: string): Promise<BotCsv> {
  const bot = await botNamed(principal, botName);
  return { botName: bot.botName, csv: toCsv(HISTORY_COLUMNS, []) };
}

/** GET /api/bots/{bot}/consent: the GDPR consent answers of the bot's users (none until conversations exist). */
export async function consentCsv(principal: Principal, botName: string): Promise<BotCsv> {
  const bot = await botNamed(principal, botName);
  return { botName: bot.botName, csv: toCsv(CONSENT_COLUMNS, []) };
}
