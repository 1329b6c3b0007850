import { describe, expect, test } from 'vitest';
import { type LoggedRow, planDelivery } from './direct-line-delivery';

const T0 = Date.parse('2026-01-05T10:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();
const row = (seq: number, direction: 'in' | 'out', atMs: number): LoggedRow => ({
  seq,
  direction,
  at: at(atMs),
});

/** A turn: the user's row 4 when it came in, the bot's rows 5, 6 and 7 when they were ready (T0). */
const TURN = [row(4, 'in', -200), row(5, 'out', 0), row(6, 'out', 0), row(7, 'out', 0)];

const seqs = (plan: ReturnType<typeof planDelivery>) => plan.delivered.map((d) => d.row.seq);

describe("Direct Line's delivery of a turn's answer with the in-between delay", () => {
  test('without a delay everything is delivered at once, each answer replying to the user', () => {
    const plan = planDelivery([], TURN, 0, T0);
    expect(seqs(plan)).toEqual([4, 5, 6, 7]);
    expect(plan.pending).toBeUndefined();
    expect(plan.delivered.map((d) => d.replyToSeq)).toEqual([undefined, 4, 4, 4]);
  });

  test.each([
    [0, [4, 5], 6, at(0), T0 + 1500],
    [1499, [4, 5], 6, at(0), T0 + 1500],
    [1500, [4, 5, 6], 7, at(1500), T0 + 3000],
    [3000, [4, 5, 6, 7], undefined, undefined, undefined],
  ])(
    'read %i ms after the turn: delivered %j, pending %s (typing since %s)',
    (after, delivered, pendingSeq, since, due) => {
      const plan = planDelivery([], TURN, 1500, T0 + after);
      expect(seqs(plan)).toEqual(delivered);
      expect(plan.pending?.seq).toBe(pendingSeq);
      expect(plan.pending?.typingSince).toBe(since);
      expect(plan.pending?.dueAt).toBe(due);
    },
  );

  test("each message's timestamp is when it is given: the turn's time plus the delays before it", () => {
    const plan = planDelivery([], TURN, 1500, T0 + 5000);
    expect(plan.delivered.map((d) => d.timestamp)).toEqual([at(-200), at(0), at(1500), at(3000)]);
  });

  test('a reader that stopped inside the turn goes on from there: the delays count from its start', () => {
    const context = TURN.slice(0, 3);
    const later = TURN.slice(3);
    expect(planDelivery(context, later, 1500, T0 + 2000).pending).toMatchObject({ seq: 7, replyToSeq: 4 });
    const plan = planDelivery(context, later, 1500, T0 + 3000);
    expect(plan.delivered).toEqual([{ row: TURN[3], timestamp: at(3000), replyToSeq: 4 }]);
  });

  test('a later turn releases what still waits, and its own answers keep their delays', () => {
    const rows = [...TURN, row(8, 'in', 800), row(9, 'out', 900), row(10, 'out', 900)];
    const plan = planDelivery([], rows, 1500, T0 + 1000);
    expect(seqs(plan)).toEqual([4, 5, 6, 7, 8, 9]);
    expect(plan.delivered.find((d) => d.row.seq === 7)?.timestamp).toBe(at(800));
    expect(plan.pending).toMatchObject({ seq: 10, replyToSeq: 8, dueAt: T0 + 2400 });
  });

  test("the bot's own turn (a delay's end) has no user message: its answers reply to nothing", () => {
    const own = [row(8, 'out', 5000), row(9, 'out', 5000)];
    const plan = planDelivery(TURN, own, 1000, T0 + 5200);
    expect(plan.delivered).toEqual([{ row: own[0], timestamp: at(5000) }]);
    expect(plan.pending).toEqual({ seq: 9, dueAt: T0 + 6000, typingSince: at(5000) });
  });

  test('a user message the bot did not answer: the answers of its next own turn reply to it', () => {
    const rows = [row(1, 'in', 0), row(2, 'out', 3000), row(3, 'out', 3000)];
    const plan = planDelivery([], rows, 1000, T0 + 4000);
    expect(plan.delivered.map((d) => d.replyToSeq)).toEqual([undefined, 1, 1]);
  });
});
