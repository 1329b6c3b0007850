import type { RealtimeTopic, TopicKind, TopicOf } from '@parley/contracts';
import type { Principal } from '../../auth/principal';
import { maySeeBot, mayUseTestChat } from '../bots/bot-access.service';
import { mayAnswerHandovers } from '../handover/handover-access';

/** Whether a principal may follow a topic of one kind: asked at subscribe time and after a revocation. */
export type TopicAuthoriser<K extends TopicKind> = (
  principal: Principal,
  topic: TopicOf<K>,
) => Promise<boolean>;

/** One authoriser per topic kind: a kind without one does not compile. */
export const TOPIC_ACCESS = {
  tenants: async (principal) => principal.isMasterTenantAdmin,
  'bot-publishing': (principal, topic) => maySeeBot(principal, topic.botId),
  conversation: (principal, topic) => mayUseTestChat(principal, topic.botId),
  'user-notifications': async (principal, topic) => topic.userId === principal.user.id,
  'handover-inbox': (principal, topic) => mayAnswerHandovers(principal, topic.botId),
} as const satisfies { [K in TopicKind]: TopicAuthoriser<K> };

export function mayFollow(principal: Principal, topic: RealtimeTopic): Promise<boolean> {
  // The registry's type pairs each kind with its topic; TypeScript cannot correlate the union here.
  const authorise = TOPIC_ACCESS[topic.kind] as TopicAuthoriser<TopicKind>;
  return authorise(principal, topic as never);
}
