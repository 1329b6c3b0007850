import type { Kysely } from 'kysely';
import { botImportRepository } from './repositories/bot-import.repository';
import { botTotalsRepository } from './repositories/bot-totals.repository';
import type { BotChange } from './repositories/change-notice';
import { publicChannelRepository } from './repositories/channel.repository';
import { publicExternalApiKeyRepository } from './repositories/external-api.repository';
import { invitationRepository } from './repositories/invitation.repository';
import { membershipRepository } from './repositories/membership.repository';
import {
  emailConfirmationRepository,
  passwordResetRepository,
} from './repositories/one-time-token.repository';
import { outboxRepository } from './repositories/outbox.repository';
import { planRepository } from './repositories/plan.repository';
import { sessionRepository } from './repositories/session.repository';
import { publicSnippetRepository } from './repositories/snippet.repository';
import { tenantRepository } from './repositories/tenant.repository';
import { tenantInvitationRepository } from './repositories/tenant-invitation.repository';
import { tenantRemovalRepository } from './repositories/tenant-removal.repository';
import { type RepositoryOptions, type TenantScope, tenantScope } from './repositories/tenant-scope';
import { publicTestChatLinkRepository } from './repositories/test-chat-link.repository';
import { userRepository } from './repositories/user.repository';
import type { Database } from './schema';
import { inSlices, type SliceBreak } from './sliced-transaction';

export * from './connect';
export * from './dialect';
export type { BlockFileRecord, NewBlockFile } from './repositories/block-file.repository';
export type { Bot } from './repositories/bot.repository';
export type { BotConnection } from './repositories/bot-connection.repository';
export type { UnfinishedImport } from './repositories/bot-import.repository';
export type { BotChange, BotChangeListener } from './repositories/change-notice';
export { CHANNEL_RECEIPT_DAYS, type ChannelKeysRecord } from './repositories/channel.repository';
export type { ConsentDecision, ConsentDecisionRecord } from './repositories/consent.repository';
export type {
  ConversationRecord,
  ConversationRepository,
  NewTurn,
  TurnDirection,
  TurnHit,
  TurnRecord,
} from './repositories/conversation.repository';
export type { EntityRecord, StoredEntityContent } from './repositories/entity.repository';
export type {
  DirectLineConversationRecord,
  DirectLineTurn,
  ExternalApiKeyRecord,
  ExternalApiRepository,
} from './repositories/external-api.repository';
export type {
  FlowActivation,
  FlowHistory,
  FlowOwner,
  FlowTarget,
  FlowVersion,
} from './repositories/flow.repository';
export type { EditorLockHolder, EditorLockTake } from './repositories/flow-editor-lock.repository';
export {
  type FunctionFieldsCodec,
  type FunctionRecord,
  type NewFunction,
  PLAIN_FIELDS,
  type StoredFunctionFields,
} from './repositories/function.repository';
export type {
  HandoverRecord,
  HandoverRecordStatus,
  HandoverRepository,
  HandoverTurnRecord,
  LoggedRecognition,
} from './repositories/handover.repository';
export type {
  ExampleKind,
  IntentExampleRecord,
  IntentRecord,
  IntentSummaryRecord,
  NewIntent,
} from './repositories/intent.repository';
export type { InvitationCode, InvitationKind } from './repositories/invitation.repository';
export type {
  LlmDetailRecord,
  LlmDocumentRecord,
  LlmPatch,
  LlmRecord,
  NewLlm,
  NewLlmDocument,
} from './repositories/llm.repository';
export type {
  LlmEvalDatasetRecord,
  LlmEvalRunRecord,
  LlmEvalRunState,
} from './repositories/llm-evaluation.repository';
export {
  LLM_METRIC_COLUMNS,
  type LlmAnswerMetric,
  type LlmMetricDay,
  type LlmMetricName,
  type LlmModelTokens,
} from './repositories/llm-metrics.repository';
export type { TenantLlmProviderRecord } from './repositories/llm-provider.repository';
export type { Membership } from './repositories/membership.repository';
export type {
  NewNluDataset,
  NluDataset,
  NluDatasetRow,
} from './repositories/nlu-dataset.repository';
export type {
  NluModelKind as StoredNluModelKind,
  NluProviderState,
  StoredNluModel,
} from './repositories/nlu-model.repository';
export type { NluSyncPatch, NluSyncRecord, StoredSyncStep } from './repositories/nlu-sync.repository';
export type { NluRunKind, NluRunStatus, NluTestRun } from './repositories/nlu-test-run.repository';
export type { OutboxMail } from './repositories/outbox.repository';
export type {
  NewPassage,
  PassageFilter,
  PassageRecord,
  PassageRepository,
  RankedPassageId,
} from './repositories/passage.repository';
export type { Plan } from './repositories/plan.repository';
export type { NewSnippet, SnippetPatch, SnippetRecord } from './repositories/snippet.repository';
export type { Tenant } from './repositories/tenant.repository';
export type { TenantInvitation } from './repositories/tenant-invitation.repository';
export type { AuditEntry, RepositoryOptions, Role, TenantScope } from './repositories/tenant-scope';
export type { TestChatLink } from './repositories/test-chat-link.repository';
export type { Identity, TenantRole, User } from './repositories/user.repository';
export { normaliseEmail } from './repositories/user.repository';
export type {
  NewVariable,
  ObjectPropertyRecord,
  VariableKind,
  VariableRecord,
} from './repositories/variable.repository';
export type { Database } from './schema';
export { sequentialId } from './sequential-id';
export { SLICE_MS, type SliceBreak } from './sliced-transaction';

const KEPT_TENANT_SCOPES = 1000;

/**
 * The repository layer: global tables directly, tenant-owned tables only through `forTenant`,
 * and `transaction(fn)`: the same repositories bound to one transaction, so services never hold
 * a Kysely handle.
 */
export function createRepositories(db: Kysely<Database>, options: RepositoryOptions = {}): Repositories {
  // A tenant's scope holds nothing but its id and the handle: made once, not on every request.
  const scopes = new Map<string, TenantScope>();
  const forTenant = (tenantId: string): TenantScope => {
    let scope = scopes.get(tenantId);
    if (!scope) {
      scope = tenantScope(db, tenantId, options);
      if (scopes.size >= KEPT_TENANT_SCOPES) scopes.delete(scopes.keys().next().value as string);
      scopes.set(tenantId, scope);
    }
    return scope;
  };
  return {
    db,
    tenants: tenantRepository(db),
    users: userRepository(db),
    sessions: sessionRepository(db),
    invitations: invitationRepository(db),
    passwordResets: passwordResetRepository(db),
    emailConfirmations: emailConfirmationRepository(db),
    outbox: outboxRepository(db),
    plans: planRepository(db),
    memberships: membershipRepository(db),
    tenantRemoval: tenantRemovalRepository(db),
    tenantInvitations: tenantInvitationRepository(db),
    botTotals: botTotalsRepository(db),
    botImports: botImportRepository(db),
    testChatLinks: publicTestChatLinkRepository(db),
    externalApiKeys: publicExternalApiKeyRepository(db),
    snippets: publicSnippetRepository(db),
    channels: publicChannelRepository(db),
    forTenant,
    transaction: (work) => db.transaction().execute((trx) => work(createRepositories(trx, options))),
    transactionInSlices: async (work) => {
      // Thousands of writes would each announce a change: each bot changed is announced once, at the end.
      const changes = new Map<string, BotChange>();
      const collect = (change: BotChange) => changes.set(`${change.tenantId}/${change.botId ?? ''}`, change);
      const sliced = { ...options, ...(options.onBotChange ? { onBotChange: collect } : {}) };
      try {
        return await inSlices(db, (trx, breakSlice) => work(createRepositories(trx, sliced), breakSlice));
      } finally {
        for (const change of changes.values()) options.onBotChange?.(change);
      }
    },
  };
}

export interface Repositories {
  db: Kysely<Database>;
  tenants: ReturnType<typeof tenantRepository>;
  users: ReturnType<typeof userRepository>;
  sessions: ReturnType<typeof sessionRepository>;
  invitations: ReturnType<typeof invitationRepository>;
  passwordResets: ReturnType<typeof passwordResetRepository>;
  emailConfirmations: ReturnType<typeof emailConfirmationRepository>;
  outbox: ReturnType<typeof outboxRepository>;
  plans: ReturnType<typeof planRepository>;
  memberships: ReturnType<typeof membershipRepository>;
  tenantRemoval: ReturnType<typeof tenantRemovalRepository>;
  tenantInvitations: ReturnType<typeof tenantInvitationRepository>;
  botTotals: ReturnType<typeof botTotalsRepository>;
  /** Bots still being imported, across tenants (sliced-transaction.ts writes them). */
  botImports: ReturnType<typeof botImportRepository>;
  /** Test chat links by their public id (the public test chat); a bot's link is in `forTenant`. */
  testChatLinks: ReturnType<typeof publicTestChatLinkRepository>;
  /** External API keys by their id (a Direct Line client's key names it); a bot's keys are in `forTenant`. */
  externalApiKeys: ReturnType<typeof publicExternalApiKeyRepository>;
  /** Snippets by their public token (the chat widget); a bot's snippets are in `forTenant`. */
  snippets: ReturnType<typeof publicSnippetRepository>;
  /** Platform keys by webhook id and inbound message receipts; a bot's keys are in `forTenant`. */
  channels: ReturnType<typeof publicChannelRepository>;
  forTenant(tenantId: string): TenantScope;
  /** Runs `work` in one transaction with repositories bound to it; rolled back when it throws. */
  transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
  /**
   * Runs a long write as short transactions (sliced-transaction.ts): `breakSlice()` between items
   * commits once the current one has held the database for a slice. Not atomic: what it writes
   * must be seen by nothing until done, and be removed by the caller when `work` throws.
   */
  transactionInSlices<T>(work: (repos: Repositories, breakSlice: SliceBreak) => Promise<T>): Promise<T>;
}
export { SEARCH_INDEX_TABLES } from './search-tokens';
