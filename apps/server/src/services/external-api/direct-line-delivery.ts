/** A row of the conversation's log, as much as its delivery needs. */
export interface LoggedRow {
  seq: number;
  /** When its turn was stored: every row of one turn has the same time. */
  at: string;
  direction: 'in' | 'out';
}

export interface DeliveredRow<T> {
  row: T;
  /** When the client is given it: the turn's time, plus the in-between delays before it. */
  timestamp: string;
  /** The seq of the user's message the turn answered; undefined for the user's rows and the bot's own turns. */
  replyToSeq?: number;
}

/** The bot's next message, held back by the in-between delay: the client is told the bot is typing. */
export interface PendingRow {
  seq: number;
  /** When it is due (ms since the epoch). */
  dueAt: number;
  /** Since when the bot has been typing it: the previous message's delivery. */
  typingSince: string;
  replyToSeq?: number;
}

export interface DeliveryPlan<T> {
  delivered: DeliveredRow<T>[];
  pending?: PendingRow;
}

/**
 * Which of a conversation's rows a Direct Line client is given now, as the chat bubble shows a
 * turn's answer: the bot's first message at once, each further one `delayMs` after the one before
 * (the bot's in-between response delay). The rows are stored together when the turn ends, so any
 * process answers alike from the log and the clock; the first row not yet due stops the delivery
 * (the watermark stays before it) and is `pending`, and everything after it waits. A later turn
 * (the user spoke again, or the bot took a turn of its own) releases what still waits.
 *
 * A turn's rows: the user's message (logged when it came in), then the bot's answers (logged
 * together, with the time they were ready); answers with no user message before them are a turn
 * the bot took on its own. `context` holds the rows before the watermark (the last few): the
 * delays of a turn the reader stopped inside count from its first answer, and its answers reply
 * to its user's message.
 *
 * @example
 * // The user's row 4 at 10:00:00.0, the bot's rows 5 and 6 at 10:00:00.2, a delay of 1500 ms,
 * // read at 10:00:01: rows 4 and 5 are delivered, row 6 is pending (due 10:00:01.7, typing since
 * // 10:00:00.2).
 */
export function planDelivery<T extends LoggedRow>(
  context: readonly LoggedRow[],
  rows: readonly T[],
  delayMs: number,
  now: number,
): DeliveryPlan<T> {
  const placed = placeInTurns([...context, ...rows]).slice(context.length);
  // When the turn after each row's starts: from then on, nothing of it waits.
  const nextTurnAt: Array<number | undefined> = [];
  let following: number | undefined;
  for (let i = rows.length - 1; i >= 0; i--) {
    nextTurnAt[i] = following;
    if (placed[i]?.startsTurn) following = Date.parse((rows[i] as T).at);
  }

  const delivered: DeliveredRow<T>[] = [];
  for (const [i, row] of rows.entries()) {
    const { answerIndex, userSeq } = placed[i] as PlacedRow;
    const replyTo = row.direction === 'out' && userSeq !== undefined ? { replyToSeq: userSeq } : {};
    if (answerIndex === 0 || delayMs <= 0) {
      delivered.push({ row, timestamp: row.at, ...replyTo });
      continue;
    }
    const dueAt = Date.parse(row.at) + answerIndex * delayMs;
    const releasedAt = Math.min(dueAt, nextTurnAt[i] ?? dueAt);
    if (releasedAt > now) {
      return {
        delivered,
        pending: {
          seq: row.seq,
          dueAt,
          typingSince: new Date(dueAt - delayMs).toISOString(),
          ...replyTo,
        },
      };
    }
    delivered.push({ row, timestamp: new Date(releasedAt).toISOString(), ...replyTo });
  }
  return { delivered };
}

interface PlacedRow {
  /** The first row of its turn. */
  startsTurn: boolean;
  /** How many of the turn's answers come before it (0 for the user's message). */
  answerIndex: number;
  /** The seq of the turn's user message, when it has one. */
  userSeq?: number;
}

/** Each row's place in its turn: a user's message starts one, and so do answers logged at another time. */
function placeInTurns(rows: readonly LoggedRow[]): PlacedRow[] {
  let answersAt: string | undefined;
  let answers = 0;
  let userSeq: number | undefined;
  return rows.map((row, i) => {
    if (row.direction === 'in') {
      answersAt = undefined;
      answers = 0;
      userSeq = row.seq;
      return { startsTurn: true, answerIndex: 0, userSeq };
    }
    const isAfterUser = rows[i - 1]?.direction === 'in' && answersAt === undefined;
    const startsTurn = !isAfterUser && row.at !== answersAt;
    if (startsTurn) {
      answers = 0;
      userSeq = undefined;
    }
    answersAt = row.at;
    return { startsTurn, answerIndex: answers++, ...(userSeq === undefined ? {} : { userSeq }) };
  });
}
