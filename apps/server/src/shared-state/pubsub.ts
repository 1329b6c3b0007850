import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/** A published message as a subscriber gets it: its JSON text, and the value parsed only when read. */
export interface Received {
  readonly text: string;
  readonly message: unknown;
}

export type Listener = (received: Received) => void;

/** Parsed on first read: a subscriber that forwards the text (the topic router) never parses it. */
class ReceivedText implements Received {
  #parsed: { value: unknown } | undefined;
  constructor(readonly text: string) {}
  get message(): unknown {
    this.#parsed ??= { value: JSON.parse(this.text) };
    return this.#parsed.value;
  }
}

/** Realtime events across processes: what process B publishes, a websocket on process A receives. */
export interface PubSub {
  publish(channel: string, message: unknown): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(channel: string, listener: Listener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export function inProcessPubSub(): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      // Serialised once, as Redis would carry it, so both implementations deliver the same shapes.
      if (emitter.listenerCount(channel) > 0)
        emitter.emit(channel, new ReceivedText(JSON.stringify(message)));
    },
    async subscribe(channel, listener) {
      emitter.on(channel, listener);
      return async () => {
        emitter.off(channel, listener);
      };
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export function redisPubSub(url: string): PubSub {
  const publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  subscriber.on('message', (channel: string, payload: string) => {
    const received = new ReceivedText(payload);
    try {
      received.message;
    } catch {
      // A foreign publisher's non-JSON message is not ours to deliver.
      return;
    }
    emitter.emit(channel, received);
  });
  return {
    async publish(channel, message) {
      await publisher.publish(channel, JSON.stringify(message));
    },
    async subscribe(channel, listener) {
      if (emitter.listenerCount(channel) === 0) await subscriber.subscribe(channel);
      emitter.on(channel, listener);
      return async () => {
        emitter.off(channel, listener);
        if (emitter.listenerCount(channel) === 0) await subscriber.unsubscribe(channel);
      };
    },
    async close() {
      emitter.removeAllListeners();
      await Promise.all([publisher.quit(), subscriber.quit()]);
    },
  };
}
