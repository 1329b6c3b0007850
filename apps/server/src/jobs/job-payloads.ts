import type { ChannelId } from '@parley/contracts';

interface BotJob {
  tenantId: string;
  botId: string;
}

/** A scheduled job that needs nothing but its name. */
type NoPayload = Record<string, never>;

/**
 * Every kind of job and its payload, as the queue is typed (`ctx.jobs.enqueue(name, payload)`).
 * Declared apart from what runs them (`job-handlers.ts`, wired at start-up): the app context
 * types its queue from this file alone, so no service reaches every job handler through it.
 * Payloads carry ids, not objects: a job reads its bot and records when it runs.
 */
export interface JobPayloads {
  /** One provider's sync of a publish (its record exists, state InProgress). */
  'nlu.sync': BotJob & { provider: string; syncId: string };
  /** An NLU performance test of the bot's dataset (its run exists, status running). */
  'nlu.test': BotJob & { runId: string };
  /** NLU automate for one bot, after a publish. */
  'nlu.automate': BotJob;
  /** Automate for every bot whose last run is older than the interval (scheduled). */
  'nlu.automate-due': NoPayload;
  /** A turn the bot takes later: a Delay's end or the idle text (a no-op if the conversation moved on). */
  'conversation.scheduled-turn': BotJob & {
    conversationId: string;
    kind: 'resume' | 'idle' | 'inactivity';
    /** The conversation's turn count when it was scheduled: any turn since makes it a no-op. */
    atTurn: number;
  };
  /** The rest of a bot's answer a messaging platform refused, sent again. */
  'channel.deliver': BotJob & {
    conversationId: string;
    /** The plug-in's channel id. */
    plugin: ChannelId;
    messages: unknown[];
    /** Tries so far are counted in the payload. */
    attempt: number;
  };
  /** Reads the mailboxes of the bots with the e-mail channel connected (scheduled). */
  'mail.poll': NoPayload;
  /** Forgets inbound message receipts older than CHANNEL_RECEIPT_DAYS (scheduled). */
  'channel.forget-receipts': NoPayload;
  /** One training run of an LLM (its training record exists, state running, with this run id). */
  'llm.train': { tenantId: string; llmId: string; runId: string };
  /** One evaluation run of an LLM's dataset (its run exists, state running). */
  'llm.evaluate': { tenantId: string; llmId: string; runId: string };
  /** Removes bots whose import (or staging) never finished: the process writing them ended (scheduled). */
  'bots.sweep-imports': NoPayload;
}

export type JobName = keyof JobPayloads;
