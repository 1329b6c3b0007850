import { type RealtimeTopic, topicKey } from '@parley/contracts';
import type { PubSub } from '../../shared-state';
import { topicChannel } from './topic-events';

/** Takes one event as the JSON text every socket gets (serialised once per event, not per socket). */
export type TopicFollower = (frame: string) => void;

interface Route {
  followers: Set<TopicFollower>;
  subscribed: Promise<() => Promise<void>>;
}

/**
 * This process's followers per topic: the first follower of a topic subscribes to its pub/sub
 * channel, the last one to leave unsubscribes, and an event goes to exactly the followers of
 * its topic.
 */
export function createTopicRouter(pubsub: PubSub, onError: (error: unknown) => void) {
  const routes = new Map<string, Route>();

  function routeOf(topic: RealtimeTopic): Route {
    const key = topicKey(topic);
    const existing = routes.get(key);
    if (existing) return existing;
    const followers = new Set<TopicFollower>();
    const route: Route = {
      followers,
      // The event's text as published is the frame: serialised once, by its publisher.
      subscribed: pubsub.subscribe(topicChannel(topic), ({ text }) => {
        for (const follower of followers) follower(text);
      }),
    };
    routes.set(key, route);
    route.subscribed.catch(() => {
      if (routes.get(key) === route) routes.delete(key);
    });
    return route;
  }

  return {
    /** Resolves once events published to the topic from now on reach `follower`. */
    async follow(topic: RealtimeTopic, follower: TopicFollower): Promise<void> {
      const route = routeOf(topic);
      route.followers.add(follower);
      try {
        await route.subscribed;
      } catch (error) {
        route.followers.delete(follower);
        throw error;
      }
    },
    unfollow(topic: RealtimeTopic, follower: TopicFollower): void {
      const key = topicKey(topic);
      const route = routes.get(key);
      if (!route?.followers.delete(follower) || route.followers.size > 0) return;
      routes.delete(key);
      route.subscribed.then((unsubscribe) => unsubscribe()).catch(onError);
    },
    /** Topics this process listens to (for tests and diagnostics). */
    get topicCount(): number {
      return routes.size;
    },
    async close(): Promise<void> {
      const all = [...routes.values()];
      routes.clear();
      await Promise.all(
        all.map((route) => route.subscribed.then((unsubscribe) => unsubscribe()).catch(() => undefined)),
      );
    },
  };
}

export type TopicRouter = ReturnType<typeof createTopicRouter>;
