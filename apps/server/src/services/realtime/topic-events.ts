import { type RealtimeTopic, type TopicEvent, topicKey } from '@parley/contracts';
import type { PubSub } from '../../shared-state';

/** Each topic has its own pub/sub channel, so a process hears only the topics its sockets follow. */
export const topicChannel = (topic: RealtimeTopic): string => `parley:topic:${topicKey(topic)}`;

/**
 * Sends an event to every socket, on any process, that follows its topic. Who may follow was
 * decided when each socket subscribed, so publishing asks nothing of the database.
 */
export async function publishTopicEvent(pubsub: PubSub, event: TopicEvent): Promise<void> {
  await pubsub.publish(topicChannel(event.topic), event);
}
