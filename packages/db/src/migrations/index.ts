import type { Migration } from 'kysely';
import * as initialSchema from './202611211800-initial-schema';
import * as bots from './202611211900-bots';
import * as intentsEntities from './202611211910-intents-entities';
import * as functions from './202611211920-functions';
import * as variablesObjects from './202611211930-variables-objects';
import * as nluPublishing from './202611212000-nlu-publishing';
import * as nluPerformance from './202611212010-nlu-performance';
import * as sessionIdToken from './202611212030-session-id-token';
import * as flows from './202611221000-flows';
import * as syncHeartbeat from './202611221010-sync-heartbeat';
import * as tenantInvitations from './202611251000-tenant-invitations';
import * as nluModelBlobs from './202611251010-nlu-model-blobs';
import * as conversations from './202611251020-conversations';
import * as testChatLinks from './202611261000-test-chat-links';
import * as conversationTurnsOrderAndTrace from './202611261010-conversation-turns-order-and-trace';
import * as flowEditor from './202611271000-flow-editor';
import * as llms from './202611271010-llms';
import * as externalApi from './202611281000-external-api';
import * as botFeatures from './202611281010-bot-features';
import * as snippets from './202611281020-snippets';
import * as botConnections from './202611281030-bot-connections';
import * as handover from './202611281040-handover';
import * as turnSentiment from './202611281050-turn-sentiment';
import * as messagingChannels from './202612010000-messaging-channels';
import * as conversationTurnCounters from './202612050000-conversation-turn-counters';
import * as botImports from './202612051200-bot-imports';
import * as llmDocuments from './202612051215-llm-documents';
import * as llmPassages from './202612051217-llm-passages';
import * as tenantLlmProviders from './202612051233-tenant-llm-providers';
import * as llmPassageTerms from './202612051300-llm-passage-terms';
import * as llmEvaluationMetrics from './202612051311-llm-evaluation-metrics';
import * as llmPassageSearchPostgres from './202612051325-llm-passage-search-postgres';

/** The one ordered list of migrations for both dialects; append, never reorder or edit. */
export const MIGRATIONS: Record<string, Migration> = {
  '202611211800-initial-schema': initialSchema,
  '202611211900-bots': bots,
  '202611211910-intents-entities': intentsEntities,
  '202611211920-functions': functions,
  '202611211930-variables-objects': variablesObjects,
  '202611212000-nlu-publishing': nluPublishing,
  '202611212010-nlu-performance': nluPerformance,
  '202611212030-session-id-token': sessionIdToken,
  '202611221000-flows': flows,
  '202611221010-sync-heartbeat': syncHeartbeat,
  '202611251000-tenant-invitations': tenantInvitations,
  '202611251010-nlu-model-blobs': nluModelBlobs,
  '202611251020-conversations': conversations,
  '202611261000-test-chat-links': testChatLinks,
  '202611261010-conversation-turns-order-and-trace': conversationTurnsOrderAndTrace,
  '202611271000-flow-editor': flowEditor,
  '202611271010-llms': llms,
  '202611281010-bot-features': botFeatures,
  '202611281000-external-api': externalApi,
  '202611281030-bot-connections': botConnections,
  '202611281020-snippets': snippets,
  '202611281040-handover': handover,
  '202611281050-turn-sentiment': turnSentiment,
  '202612010000-messaging-channels': messagingChannels,
  '202612050000-conversation-turn-counters': conversationTurnCounters,
  '202612051200-bot-imports': botImports,
  '202612051215-llm-documents': llmDocuments,
  '202612051217-llm-passages': llmPassages,
  '202612051233-tenant-llm-providers': tenantLlmProviders,
  '202612051300-llm-passage-terms': llmPassageTerms,
  '202612051311-llm-evaluation-metrics': llmEvaluationMetrics,
  '202612051325-llm-passage-search-postgres': llmPassageSearchPostgres,
};
