import type {
  ChatHistoryEntry,
  ConversationTurnMessage,
  InboundActivity,
  OutboundActivity,
  TurnDetailsView,
} from '@parley/contracts';

/** One bubble of the chat: what the user said or what the bot answered. */
export type ChatEntry =
  | { id: number; from: 'user'; activity: InboundActivity }
  | { id: number; from: 'bot'; activity: OutboundActivity }
  | { id: number; from: 'system'; text: string };

/** An intent recognition of the conversation, for the details' list (utterance, intent, score). */
export interface Recognition {
  utterance: string;
  intent: string | null;
  score: number | null;
}

export interface ChatLog {
  entries: ChatEntry[];
  /** Messages sent from this tab whose turn has not come back yet (their bubble is already shown). */
  pending: number;
  /** Answers of the last turn still to show: the bot's in-between delay spaces them out. */
  answersToCome: number;
  /** The details of the last turn. */
  details: TurnDetailsView | null;
  recognitions: Recognition[];
  nextId: number;
}

export const EMPTY_CHAT_LOG: ChatLog = {
  entries: [],
  pending: 0,
  answersToCome: 0,
  details: null,
  recognitions: [],
  nextId: 1,
};

export type ChatLogAction =
  | { type: 'sent'; activity: InboundActivity }
  /** A turn came; `shown` of its activities show now, the rest come one by one with 'answer'. */
  | { type: 'turn'; turn: ConversationTurnMessage; shown?: number }
  | { type: 'answer'; activity: OutboundActivity }
  /** What was said before the chat opened: a continued conversation's (then a note), a sub-flow test's opening. */
  | { type: 'history'; entries: ChatHistoryEntry[]; isContinued: boolean }
  | { type: 'problem'; text: string }
  | { type: 'reset' };

const textOf = (activity: InboundActivity) =>
  activity.type === 'text' || activity.type === 'click'
    ? activity.text
    : activity.type === 'attachment'
      ? (activity.text ?? activity.files.map((f) => f.name).join(', '))
      : activity.name;

/** Shown after the earlier messages of a continued conversation. */
export const CONTINUED_NOTE = 'Your last conversation goes on (Restart starts a new one).';

/**
 * The chat as the test chat shows it. A message sent here shows at once; its turn then brings
 * the bot's answers. A turn of a message sent from another tab brings that message too.
 */
export function chatLogReducer(log: ChatLog, action: ChatLogAction): ChatLog {
  switch (action.type) {
    case 'reset':
      return EMPTY_CHAT_LOG;
    case 'history': {
      let nextId = log.nextId;
      const earlier: ChatEntry[] = action.entries.map((entry) => ({ ...entry, id: nextId++ }) as ChatEntry);
      const note: ChatEntry[] = action.isContinued
        ? [{ id: nextId++, from: 'system', text: CONTINUED_NOTE }]
        : [];
      return { ...log, entries: [...log.entries, ...earlier, ...note], nextId };
    }
    case 'answer':
      return {
        ...log,
        entries: [...log.entries, { id: log.nextId, from: 'bot', activity: action.activity }],
        answersToCome: Math.max(0, log.answersToCome - 1),
        nextId: log.nextId + 1,
      };
    case 'sent':
      return {
        ...log,
        entries: [...log.entries, { id: log.nextId, from: 'user', activity: action.activity }],
        pending: log.pending + 1,
        nextId: log.nextId + 1,
      };
    case 'problem':
      return {
        ...log,
        entries: [...log.entries, { id: log.nextId, from: 'system', text: action.text }],
        pending: Math.max(0, log.pending - 1),
        nextId: log.nextId + 1,
      };
    case 'turn': {
      const { turn } = action;
      let nextId = log.nextId;
      // A turn the bot took on its own (a delay that ended) has no user message and answers none of ours.
      const answersUser = turn.said !== undefined;
      const said: ChatEntry[] =
        log.pending > 0 || !turn.said ? [] : [{ id: nextId++, from: 'user', activity: turn.said }];
      const shown = action.shown ?? turn.activities.length;
      const answers: ChatEntry[] = turn.activities.slice(0, shown).map((activity) => ({
        id: nextId++,
        from: 'bot',
        activity,
      }));
      const recognition =
        turn.said && (turn.details.intent !== null || turn.details.score !== null)
          ? [{ utterance: textOf(turn.said), intent: turn.details.intent, score: turn.details.score }]
          : [];
      return {
        entries: [...log.entries, ...said, ...answers],
        pending: answersUser ? Math.max(0, log.pending - 1) : log.pending,
        answersToCome: turn.activities.length - shown,
        details: turn.details,
        recognitions: [...log.recognitions, ...recognition],
        nextId,
      };
    }
  }
}
