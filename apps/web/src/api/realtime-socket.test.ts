import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

vi.mock('./client', () => ({ api: { get: async () => ({ url: 'ws://parley.test/ws' }) } }));
vi.mock('./session', () => ({ getToken: () => 'the-token' }));

/** A browser WebSocket stand-in that records what the page sends and lets the test play the server. */
class FakeWebSocket {
  static readonly OPEN = 1;
  static opened: FakeWebSocket[] = [];
  readyState = FakeWebSocket.OPEN;
  sent: unknown[] = [];
  private listeners = new Map<string, Array<(event: unknown) => void>>();
  constructor(readonly url: string) {
    FakeWebSocket.opened.push(this);
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {}
  serverSends(message: object) {
    for (const listener of this.listeners.get('message') ?? []) listener({ data: JSON.stringify(message) });
  }
  drop(code: number) {
    for (const listener of this.listeners.get('close') ?? []) listener({ code });
  }
}

describe('the realtime connection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.opened = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
    vi.stubGlobal('window', globalThis);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  test('subscribes to its topics on every (re)connection, and hands over the events', async () => {
    const { connectRealtime } = await import('./realtime-socket');
    const onMessage = vi.fn();
    const onReconnected = vi.fn();
    const topics = [{ kind: 'bot-publishing', botId: 't-bot' } as const];
    const stop = connectRealtime({ topics, onMessage, onReconnected });
    await vi.waitFor(() => expect(FakeWebSocket.opened).toHaveLength(1));
    const first = FakeWebSocket.opened[0] as FakeWebSocket;
    expect(first.sent).toEqual([]);

    first.serverSends({ type: 'connected', userId: 'pat@example.com' });
    expect(first.sent).toEqual([{ type: 'subscribe', topic: topics[0] }]);
    first.serverSends({ type: 'subscribed', topic: topics[0] });
    expect(onMessage).toHaveBeenLastCalledWith({ type: 'subscribed', topic: topics[0] });

    first.drop(1006);
    await vi.advanceTimersByTimeAsync(1_300);
    await vi.waitFor(() => expect(FakeWebSocket.opened).toHaveLength(2));
    const second = FakeWebSocket.opened[1] as FakeWebSocket;
    second.serverSends({ type: 'connected', userId: 'pat@example.com' });
    expect(second.sent).toEqual([{ type: 'subscribe', topic: topics[0] }]);
    // The screen refetches only once it follows its topics again, so no event falls between.
    expect(onReconnected).not.toHaveBeenCalled();
    second.serverSends({ type: 'subscribed', topic: topics[0] });
    expect(onReconnected).toHaveBeenCalledTimes(1);
    stop();
  });

  test('a session the server ended is not reconnected', async () => {
    const { connectRealtime } = await import('./realtime-socket');
    connectRealtime({ topics: [{ kind: 'tenants' }], onMessage: () => {} });
    await vi.waitFor(() => expect(FakeWebSocket.opened).toHaveLength(1));
    (FakeWebSocket.opened[0] as FakeWebSocket).drop(4401);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.opened).toHaveLength(1);
  });

  test('a connection with its own address (the public test chat) uses it, and hears that its session ended', async () => {
    const { openRealtime } = await import('./realtime-socket');
    const onSessionEnded = vi.fn();
    const address = vi.fn(async () => 'ws://parley.test/ws?app=parley&chatToken=visitor');
    const topic = { kind: 'conversation', botId: 't-bot', conversationId: 'c1' } as const;
    const connection = openRealtime({ topics: [topic], onMessage: () => {}, address, onSessionEnded });
    await vi.waitFor(() => expect(FakeWebSocket.opened).toHaveLength(1));
    const socket = FakeWebSocket.opened[0] as FakeWebSocket;
    expect(socket.url).toBe('ws://parley.test/ws?app=parley&chatToken=visitor');
    socket.serverSends({ type: 'connected', userId: 'visitor-1' });
    expect(socket.sent).toEqual([{ type: 'subscribe', topic }]);
    socket.drop(1006);
    await vi.advanceTimersByTimeAsync(1_300);
    await vi.waitFor(() => expect(FakeWebSocket.opened).toHaveLength(2));
    expect(address).toHaveBeenCalledTimes(2);
    expect(onSessionEnded).not.toHaveBeenCalled();
    (FakeWebSocket.opened[1] as FakeWebSocket).drop(4401);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.opened).toHaveLength(2);
    connection.close();
  });
});
