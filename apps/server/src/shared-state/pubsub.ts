import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

export type Listener = (message: unknown) => void;

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
      // Round-trip through JSON so both implementations deliver the same shapes.
      emitter.emit(channel, JSON.parse(JSON.stringify(message)));
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
    try {
      emitter.emit(channel, JSON.parse(payload));
    } catch {
      // A foreign publisher's non-JSON message is not ours to deliver.
    }
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
