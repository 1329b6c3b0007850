import type { ColumnType } from 'kysely';

/**
 * Table shapes. Tables up to issue 9 use portable column types only: text ids, ISO-8601 text
 * timestamps, 0/1 integer booleans and JSON as text, so one migration list serves SQLite and
 * PostgreSQL. Newer tables (conversations, turns) take native timestamps, JSON and booleans on
 * PostgreSQL through `columnTypes` (dialect.ts) and are read back with its helpers.
 */
export interface Database {
  tenants: TenantTable;
  users: UserTable;
  user_tenants: UserTenantTable;
  roles: RoleTable;
  role_permissions: RolePermissionTable;
  bot_roles: BotRoleTable;
  sessions: SessionTable;
  invitation_codes: InvitationCodeTable;
  password_resets: PasswordResetTable;
  email_confirmations: EmailConfirmationTable;
  outbox: OutboxTable;
  audit_log: AuditLogTable;
  plans: PlanTable;
  bots: BotTable;
  intents: IntentTable;
  intent_examples: IntentExampleTable;
  entities: EntityTable;
  entity_roles: EntityRoleTable;
  functions: FunctionTable;
  variables: VariableTable;
  object_properties: ObjectPropertyTable;
  nlu_datasets: NluDatasetTable;
  nlu_test_runs: NluTestRunTable;
  nlu_provider_states: NluProviderStateTable;
  nlu_models: NluModelTable;
  nlu_syncs: NluSyncTable;
  flow_versions: FlowVersionTable;
  flow_activations: FlowActivationTable;
  tenant_invitations: TenantInvitationTable;
  conversations: ConversationTable;
  turns: TurnTable;
  test_chat_links: TestChatLinkTable;
  flow_editor_locks: FlowEditorLockTable;
  block_files: BlockFileTable;
  llms: LlmTable;
  llm_documents: LlmDocumentTable;
  llm_passages: LlmPassageTable;
  llm_eval_datasets: LlmEvalDatasetTable;
  llm_eval_runs: LlmEvalRunTable;
  llm_answer_metrics: LlmAnswerMetricTable;
  consent_decisions: ConsentDecisionTable;
  external_api_keys: ExternalApiKeyTable;
  external_api_settings: ExternalApiSettingsTable;
  direct_line_conversations: DirectLineConversationTable;
  direct_line_posts: DirectLinePostTable;
  bot_connections: BotConnectionTable;
  snippets: SnippetTable;
  handovers: HandoverTable;
  channel_keys: ChannelKeysTable;
  channel_addresses: ChannelAddressTable;
  channel_receipts: ChannelReceiptTable;
  tenant_llm_providers: TenantLlmProviderTable;
}

export interface TenantTable {
  id: string;
  name: string;
  display_name: string;
  email: string;
  secret_key: string;
  plan_id: string;
  is_master: number;
  is_confirmed: number;
  is_disabled: number;
  has_premium_channels: number;
  has_premium_engines: number;
  created_at: string;
}

export interface UserTable {
  id: string; // lower-cased e-mail address
  name: string;
  identity: 'platform' | 'microsoft';
  password_hash: string | null;
  directory_subject: string | null;
  selected_tenant_id: string | null;
  auto_publish: number;
  auto_validation: number;
  created_at: string;
}

export interface UserTenantTable {
  user_id: string;
  tenant_id: string;
  role: 'admin' | 'user';
}

export interface RoleTable {
  tenant_id: string;
  role_id: number;
  role_name: string;
}

export interface RolePermissionTable {
  tenant_id: string;
  role_id: number;
  permission_id: number;
}

export interface BotRoleTable {
  tenant_id: string;
  user_id: string;
  bot_id: string;
  role_id: number;
}

export interface SessionTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** The directory's ID token when the session was opened through the directory. */
  id_token: string | null;
}

export interface InvitationCodeTable {
  code: string;
  /** master-admin: joins the master tenant as administrator; new-tenant: creates an organisation. */
  kind: 'master-admin' | 'new-tenant';
  requires_confirmation: number;
  created_at: string;
  expires_at: string | null;
  used_at: string | null;
  used_by: string | null;
}

export interface PasswordResetTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface EmailConfirmationTable {
  token_hash: string;
  user_id: string;
  tenant_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface OutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  created_at: string;
  sent_at: string | null;
}

export interface AuditLogTable {
  id: string;
  tenant_id: string;
  actor: string;
  action: string;
  target: string;
  details: string;
  created_at: string;
}

export interface PlanTable {
  id: string;
  name: string;
  max_free_bots: number;
  max_free_users: number;
  max_free_interactions: number;
  has_additional_bots_cost: number;
  has_additional_users_cost: number;
  has_additional_interactions_cost: number;
  metadata: string;
}

export interface BotTable {
  id: string;
  tenant_id: string;
  bot_name: string;
  display_name: string;
  region: string;
  /** JSON: language, supportedLanguages, providers, thresholds ... (contracts BotSettings). */
  settings: string;
  is_published: number;
  show_snippet_migration_banner: number;
  interactions: number;
  questions_asked: number;
  questions_recognized: number;
  created_at: string;
  updated_at: string;
  /** Set while an import (or a staging) writes the bot: nothing else sees it until it is complete. */
  importing_since: string | null;
  /** Whose bot file it is, while it is written; unique: one bot file at a time per person. */
  importing_by: string | null;
}

export interface IntentTable {
  id: string;
  tenant_id: string;
  bot_id: string;
  name: string;
  /** Lower-cased name: names are unique ignoring case. */
  name_key: string;
  description: string;
  type: 'normal' | 'faq';
  answer: string;
  is_redirect: number;
  template: string | null;
  created_at: string;
  updated_at: string;
}

export interface IntentExampleTable {
  /** The example's ids.internal. */
  id: string;
  tenant_id: string;
  bot_id: string;
  intent_id: string;
  kind: 'utterance' | 'pattern';
  text: string;
  text_key: string;
  position: number;
  created_at: string;
}

export interface EntityTable {
  id: string;
  tenant_id: string;
  bot_id: string;
  name: string;
  name_key: string;
  description: string;
  type: string;
  /** JSON: sublists, resolveWithCanonical, examples, regexes. */
  content: string;
  created_at: string;
  updated_at: string;
}

export interface EntityRoleTable {
  id: string;
  tenant_id: string;
  bot_id: string;
  entity_id: string;
  name: string;
  name_key: string;
  position: number;
}

export interface FunctionTable {
  id: string;
  tenant_id: string;
  /** The bot the function belongs to; null for a global function (the tenant's). */
  bot_id: string | null;
  /** The bot it was made in; kept when it becomes global. */
  home_bot_id: string;
  name: string;
  name_key: string;
  type: string;
  is_global: number;
  description: string;
  group_name: string;
  /** JSON: the type's own fields, inputs and outputs (contracts FunctionDefinition). */
  definition: string;
  created_at: string;
  updated_at: string;
}

/** A variable or an object (they share one namespace); `bot_id` null means global (the tenant's). */
export interface VariableTable {
  id: string;
  tenant_id: string;
  bot_id: string | null;
  kind: 'variable' | 'object';
  name: string;
  /** Trimmed, lower-cased name: one name per bot, and per tenant among global ones. */
  name_key: string;
  /** The variable's value ('' for objects). */
  value: string;
  created_at: string;
  updated_at: string;
}

export interface ObjectPropertyTable {
  id: string;
  tenant_id: string;
  /** The object's bot, null for a global object. */
  bot_id: string | null;
  object_id: string;
  key: string;
  key_key: string;
  value: string;
  is_system: number;
  position: number;
}

/** A bot's NLU test dataset: the CSV as uploaded and its parsed rows (JSON). */
export interface NluDatasetTable {
  bot_id: string;
  tenant_id: string;
  file_name: string;
  csv: string;
  /** JSON: Array<{ utterance, intent }>. */
  rows: string;
  row_count: number;
  uploaded_by: string;
  uploaded_at: string;
}

/** One run of an NLU test or of NLU automate; `results` is JSON written when it finishes. */
export interface NluTestRunTable {
  id: string;
  tenant_id: string;
  bot_id: string;
  kind: 'test' | 'automate';
  status: 'running' | 'finished' | 'failed';
  started_by: string;
  started_at: string;
  finished_at: string | null;
  error: string | null;
  results: string | null;
}

export interface NluProviderStateTable {
  tenant_id: string;
  bot_id: string;
  provider: string;
  has_resource: number;
  has_nlu: number;
  updated_at: string;
}

export interface NluModelTable {
  tenant_id: string;
  bot_id: string;
  provider: string;
  /** draft or published */
  kind: string;
  version: number;
  /** The serialised model of rows written before models moved to blobs; '' since. */
  model: string;
  /** The blob key of the serialised model. */
  model_blob: string | null;
  data_hash: string;
  trained_at: string;
}

export interface NluSyncTable {
  id: string;
  tenant_id: string;
  bot_id: string;
  provider: string;
  /** botName|timestamp: one publish, shared by its providers. */
  sync_id: string;
  state: string;
  progress: number;
  /** JSON: the steps with their statuses. */
  steps: string;
  /** JSON: draft and published accuracy on the bot's test dataset, or null. */
  comparison: string | null;
  data_hash: string | null;
  started_by: string;
  started_at: string;
  finished_at: string | null;
  /** Refreshed by the process running the sync; null on rows older than the heartbeat. */
  heartbeat_at: string | null;
}

/** A saved version of an intent's flow or a sub flow (exactly one of intent_id, function_id). */
export interface FlowVersionTable {
  id: string;
  tenant_id: string;
  intent_id: string | null;
  function_id: string | null;
  /** The owner's id (intent or function): one index for both kinds. */
  owner: string;
  version: number;
  /** BPMN XML as bpmn-js writes it (not URI-encoded). */
  xml: string;
  status: string;
  /** JSON: function name -> number of blocks of this version calling it. */
  function_calls: string;
  saved_by: string;
  modified: string;
}

/** A version made active on the test channel or in production; the newest per target counts. */
export interface FlowActivationTable {
  id: string;
  tenant_id: string;
  intent_id: string | null;
  function_id: string | null;
  owner: string;
  target: string;
  version: number;
  activated_by: string;
  activated_at: string;
}

export interface TenantInvitationTable {
  token_hash: string;
  tenant_id: string;
  /** The invited account (its e-mail address). */
  user_id: string;
  invited_by: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Timestamps and JSON are native on PostgreSQL (a Date, a parsed value) and text on SQLite. */
type Timestamp = ColumnType<Date | string, string, string>;
type Json = ColumnType<unknown, string, string>;
type Flag = ColumnType<boolean | number, boolean | number, boolean | number>;

export interface ConversationTable {
  id: string;
  /** Turns taken: a turn stores its state only if no other turn was stored since it read the state. */
  turn_count: number;
  tenant_id: string;
  bot_id: string;
  channel: string;
  user_key: string;
  language: string;
  is_test: Flag;
  /** 'Disable analytics' was on when it started: logged, left out of analytics. */
  is_analytics_disabled: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  /** An end block counted it as handled without a person. */
  is_touchless: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  started_at: Timestamp;
  last_activity_at: Timestamp;
  ended_at: ColumnType<Date | string | null, string | null, string | null>;
  state: Json;
  /** The seq of its last logged activity: the next turn's rows are numbered after it. */
  last_seq: ColumnType<number, number | undefined, number>;
  /** A handover of it is open (queued or with an agent): its turns go to the person. */
  is_handed_over: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
}

export interface TurnTable {
  id: string;
  /** 1, 2, 3... within a conversation: the order turns happened in, even within one millisecond. */
  seq: number;
  conversation_id: string;
  tenant_id: string;
  bot_id: string;
  at: Timestamp;
  direction: 'in' | 'out';
  activity: Json;
  intent: string | null;
  confidence: number | null;
  flow: string | null;
  hits: ColumnType<unknown, string | null, string | null>;
  counted: ColumnType<unknown, string | null, string | null>;
  /** The agent who wrote an 'out' turn of a handed-over conversation; null for the bot's own. */
  agent_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The embedded sentiment engine's score of a user's message (negative below 0); null: not scored. */
  sentiment: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A bot's shared test chat link: its opaque id and its password, sealed by the server. */
export interface TestChatLinkTable {
  bot_id: string;
  tenant_id: string;
  link_id: string;
  password: string;
  /** Moves on with every reset: sessions opened with an older password end. */
  password_version: number;
  created_at: Timestamp;
  password_changed_at: Timestamp;
}

/** Who has a bot's flow editor open: a sign-in session, until `expires_at` unless it asks again. */
export interface FlowEditorLockTable {
  bot_id: string;
  tenant_id: string;
  session_id: string;
  user_id: string;
  taken_at: Timestamp;
  expires_at: Timestamp;
}

/** A file a block sends; its bytes are the blob `tenants/{tenant}/bots/{bot}/block-files/{id}`. */
export interface BlockFileTable {
  id: string;
  tenant_id: string;
  bot_id: string;
  /** The name as uploaded, without folders; never part of a key or a path. */
  file_name: string;
  file_extension: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  uploaded_by: string;
  uploaded_at: Timestamp;
}

/** A consent decision a bot's user took in a conversation (GDPR, spec 04 section 3.7). */
export interface ConsentDecisionTable {
  id: string;
  tenant_id: string;
  bot_id: string;
  conversation_id: string;
  /** The user as the channel knows them (the conversation's user key). */
  user_key: string;
  channel: string;
  /** 'agreed', 'rejected' or 'disabled' (rejected and turned the bot off for themselves). */
  decision: string;
  decided_at: Timestamp;
}

/** One of the tenant's LLMs (the LLM area); `settings` holds what the list does not show. */
export interface LlmTable {
  id: string;
  tenant_id: string;
  display_name: string;
  description: ColumnType<string, string | undefined, string>;
  provider: string;
  model: string | null;
  is_complete: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  settings: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The last training (JSON): state, progress, times, message and its run id. */
  training: ColumnType<unknown, string | null | undefined, string | null>;
  /** The embedding model the passages were indexed with; null: full text only. */
  indexed_embedding_model: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One document of an LLM: a File (bytes in the blob store) or a Url (crawled), and its training. */
export interface LlmDocumentTable {
  id: string;
  tenant_id: string;
  llm_id: string;
  name: string;
  display_name: string;
  type: string;
  link: string;
  page_limit: number | null;
  size: number | null;
  blob_key: string | null;
  status: string;
  error: string | null;
  passages: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An LLM's evaluation dataset (issue 23): questions with expected answers and sources. */
export interface LlmEvalDatasetTable {
  id: string;
  tenant_id: string;
  llm_id: string;
  name: string;
  file_name: string;
  question_count: number;
  questions: Json;
  created_by: string;
  created_at: Timestamp;
}

/** One evaluation of a dataset on an LLM, kept to be shown beside the others. */
export interface LlmEvalRunTable {
  id: string;
  tenant_id: string;
  llm_id: string;
  dataset_id: string;
  dataset_name: string;
  /** running, succeeded, failed */
  state: string;
  done: number;
  total: number;
  summary: ColumnType<unknown, string | null, string | null>;
  results: ColumnType<unknown, string | null, string | null>;
  error: string | null;
  started_by: string;
  started_at: Timestamp;
  finished_at: Timestamp | null;
}

/** The timings (ms) and tokens of one message an LLM answered (spec 04 section 3.11's LLM metrics). */
export interface LlmAnswerMetricTable {
  id: string;
  tenant_id: string;
  llm_id: string;
  /** The UTC date (YYYY-MM-DD) it counts on. */
  day: string;
  answered_at: Timestamp;
  /** test, conversation */
  origin: string;
  model: string | null;
  input_tokens: number;
  output_tokens: number;
  input_guardrails_ms: number;
  input_guardrails_blocking_ms: number;
  output_guardrails_ms: number;
  output_guardrails_blocking_ms: number;
  first_sentence_ms: number;
  rag_filter_ms: number;
  rag_chain_ms: number;
  total_chain_ms: number;
  llm_execution_ms: number;
  response_ms: number;
  /** Only for answers of an LLM block in a conversation. */
  llm_block_ms: number | null;
}

/**
 * A passage of an LLM's document (issue 23), as retrieval finds it. On SQLite the FTS5 table
 * `llm_passage_terms` indexes it (kept by triggers, queried with raw SQL, not declared here).
 */
export interface LlmPassageTable {
  id: string;
  tenant_id: string;
  llm_id: string;
  document_id: string;
  document_name: string;
  ordinal: number;
  text: string;
  heading: ColumnType<string, string | undefined, string>;
  heading_path: ColumnType<unknown, string, string>;
  page: number | null;
  slide: number | null;
  source_row: number | null;
  url: string | null;
  metadata: ColumnType<unknown, string, string>;
  /** Float32 little-endian; null when the LLM has no embedding model. */
  embedding: Uint8Array | null;
  created_at: Timestamp;
}

/** A bot's External API key: only its SHA-256 is kept (the key is shown once), with a hint to tell it apart. */
export interface ExternalApiKeyTable {
  key_id: string;
  tenant_id: string;
  bot_id: string;
  /** Hex SHA-256 of the whole key. */
  key_hash: string;
  /** The key's last characters, as '…k3Xz': enough to recognise it, nothing to guess it with. */
  hint: string;
  is_locked: Flag;
  created_at: Timestamp;
}

/** A bot's External API settings: how long a conversation may stay quiet before it expires. */
export interface ExternalApiSettingsTable {
  bot_id: string;
  tenant_id: string;
  conversation_lifetime_seconds: number;
}

/** A conversation started over Direct Line: the key it was started with and the user who talks. */
export interface DirectLineConversationTable {
  conversation_id: string;
  tenant_id: string;
  bot_id: string;
  key_id: string;
  user_id: string;
  created_at: Timestamp;
}

/** The client's own id of a message (channelData.clientActivityID), by the turn it became: echoed back with it. */
export interface DirectLinePostTable {
  conversation_id: string;
  seq: number;
  client_activity_id: string;
}

/** A bot's chat bubble snippet (spec 04 section 3.6); `token` and `code` are what its embed code mounts with. */
export interface SnippetTable {
  id: string;
  tenant_id: string;
  bot_id: string;
  name: string;
  version: string;
  description: ColumnType<string, string | undefined, string>;
  token: string;
  code: string;
  allowed_origins: ColumnType<unknown, string, string>;
  settings: ColumnType<unknown, string, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A channel or connector a bot lists on its Configuration tab (the row exists while it is added). */
export interface BotConnectionTable {
  bot_id: string;
  tenant_id: string;
  /** 'channel' or 'system' (a connector). */
  kind: string;
  /** The id of the catalogue (CHANNELS, CONNECTORS of @parley/contracts). */
  connection_id: string;
  is_enabled: Flag;
  /** Set once 'Request connection' was sent. */
  requested_at: Timestamp | null;
  requested_by: string | null;
  added_at: Timestamp;
  updated_at: Timestamp;
}

/** A conversation handed to a person (the agent inbox): waiting, with an agent, or back with the bot. */
export interface HandoverTable {
  id: string;
  tenant_id: string;
  bot_id: string;
  conversation_id: string;
  /** 'queued', 'active' or 'ended'; at most one not 'ended' per conversation. */
  status: string;
  /** 'handoverBlock' or 'unrecognizedIntent'. */
  reason: string;
  agent_id: string | null;
  queued_at: Timestamp;
  taken_at: ColumnType<Date | string | null, string | null, string | null>;
  ended_at: ColumnType<Date | string | null, string | null, string | null>;
}

/** A bot's credentials for one messaging platform (issue 14); secrets sealed by the server. */
export interface ChannelKeysTable {
  bot_id: string;
  tenant_id: string;
  /** The platform's name in the keys calls (CHANNEL_KEYS of @parley/contracts). */
  platform: string;
  /** Names the bot in the platform's inbound webhook URL. */
  webhook_id: string;
  /** JSON: the plain keys by name. */
  keys: unknown;
  /** JSON: the sealed secrets by name. */
  sealed_secrets: unknown;
  updated_at: Timestamp;
}

/** Where the bot reaches a platform's user (issue 14): kept from their last message. */
export interface ChannelAddressTable {
  bot_id: string;
  tenant_id: string;
  channel: string;
  user_key: string;
  /** JSON: the platform's own address (chat id, service URL and conversation, phone number). */
  address: unknown;
  updated_at: Timestamp;
}

/** An inbound platform message taken (issue 14): a retried delivery of it is not answered again. */
export interface ChannelReceiptTable {
  bot_id: string;
  channel: string;
  message_id: string;
  received_at: Timestamp;
}

/** A tenant's own credentials for one LLM provider (issue 23): plain fields, and secrets sealed by the server. */
export interface TenantLlmProviderTable {
  tenant_id: string;
  /** An LLM_PROVIDER_IDS value of @parley/contracts. */
  provider: string;
  /** JSON: the plain fields by name (base URL, resource name, region). */
  fields: unknown;
  /** JSON: the sealed secrets by name. */
  sealed_secrets: unknown;
  updated_by: string;
  updated_at: Timestamp;
}
