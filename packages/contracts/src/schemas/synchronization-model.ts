/**
 * Publishing (synchronisation) of a bot's NLU model without zod, for the browser: steps,
 * statuses, the answers of /api/synchronization/{bot} and the spec's messages (spec 02
 * sections 2.1, 2.6, 4 'Published state', 7 'Synchronisation', 8 'Sync', 'Publishing block', 9).
 */

/** Sync progress is polled this often when no push arrives (spec 02 section 9). */
export const SYNC_POLL_MS = 4000;
/** A sync younger than this counts as active (spec 02 section 9). */
export const SYNC_ACTIVE_MS = 3_600_000;
/** The process running a sync refreshes its heartbeat this often (every progress save counts too). */
export const SYNC_HEARTBEAT_MS = 10_000;
/** A sync whose heartbeat is older than this (several missed beats) lost its process. */
export const SYNC_HEARTBEAT_STALE_MS = 60_000;

export const SYNC_STEP_STATUSES = ['InProgress', 'Succeeded', 'Failed', 'Warning'] as const;
export type SyncStepStatus = (typeof SYNC_STEP_STATUSES)[number];

/** 'NLU_RESOURCE' and 'NLU' appear only when the sync had to create them (spec 02 section 4 'Per provider'). */
export type SyncStepName =
  | 'NLU_RESOURCE'
  | 'NLU'
  | 'INITIALIZE_CACHE'
  | 'SYNC_ENTITIES'
  | 'SYNC_INTENTS'
  | 'TRAIN_BOT';

export const SYNC_STEP_LABELS: Record<SyncStepName, string> = {
  NLU_RESOURCE: 'NLU Resource',
  NLU: 'NLU',
  INITIALIZE_CACHE: 'Initializing cache',
  SYNC_ENTITIES: 'Syncing entities',
  SYNC_INTENTS: 'Syncing intents',
  TRAIN_BOT: 'Training bot',
};

export interface SyncStep {
  name: SyncStepName;
  status: SyncStepStatus;
  /** What the step found or why it failed (the server's message). */
  message?: string;
}

/**
 * A provider's sync as a whole: a step status while it runs and when it ends, or
 * 'AwaitingConfirmation' when the new model scored worse on the test dataset and the user
 * decides whether it is published.
 */
export type SyncState = SyncStepStatus | 'AwaitingConfirmation';

/** The new draft against the published model on the bot's test dataset (accuracy 0-1). */
export interface SyncComparison {
  testSize: number;
  draftAccuracy: number;
  /** null when nothing was published before. */
  publishedAccuracy: number | null;
  isWorse: boolean;
}

/** Per provider (spec 04 section 3.10) plus what the publishing panel shows. */
export interface ProviderSyncStatus {
  provider: string;
  lastSyncTime: string | null;
  lastSyncId: string | null;
  isSyncInProgress: boolean;
  state: SyncState | null;
  progress: number;
  steps: SyncStep[];
  /** null: the bot has no test dataset ('No test set'), or the sync has not trained yet. */
  comparison: SyncComparison | null;
}

/** GET /api/synchronization/{bot}/status, and `syncStatus` of GET /api/bots/{bot}. */
export interface BotSyncStatusView {
  lastSyncId: string | null;
  providers: Record<string, ProviderSyncStatus>;
  /** Providers a publish goes to: the bot's recognizer and every configured provider. */
  publishTo: string[];
}

/** GET /api/synchronization/{bot}/progress (spec: isDone and progress; the rest for the panel). */
export interface SyncProgressView {
  isDone: boolean;
  progress: number;
  state: SyncState;
  steps: SyncStep[];
  comparison: SyncComparison | null;
}

/** POST /api/synchronization/{bot}/sync. */
export interface SyncStartedView {
  syncId: string;
  provider: string;
}

/** POST /api/synchronization/{bot}/full (spec 02 section 7). */
export interface FullSyncView {
  created: boolean;
  updated: boolean;
  deleted: boolean;
}

/** The websocket event of a provider's progress (spec 02 section 4). */
export interface SyncProgressStateMessage {
  type: 'sync:progress-state';
  /** The websocket topic it travels on (schemas/websocket-topics.ts). */
  topic: { kind: 'bot-publishing'; botId: string };
  botName: string;
  provider: string;
  syncId: string;
  progress: SyncProgressView;
}

/** syncId = botName|timestamp (spec 02 sections 2.1 and 9). */
export const syncIdFor = (botName: string, at: number = Date.now()): string => `${botName}|${at}`;

/** The bot name and timestamp of a sync id, or undefined when it is not one. */
export function parseSyncId(syncId: string): { botName: string; timestamp: number } | undefined {
  const at = syncId.lastIndexOf('|');
  if (at <= 0) return undefined;
  const stamp = syncId.slice(at + 1);
  if (!/^\d{1,15}$/.test(stamp)) return undefined;
  return { botName: syncId.slice(0, at), timestamp: Number(stamp) };
}

/** What decides whether a sync is active (ISO times; heartbeatAt null on rows older than the heartbeat). */
export interface SyncLiveness {
  startedAt: string;
  finishedAt: string | null;
  heartbeatAt: string | null;
}

/** Has the process running this sync stopped beating? */
export const isSyncHeartbeatStale = (sync: SyncLiveness, now = Date.now()) =>
  now - Date.parse(sync.heartbeatAt ?? sync.startedAt) >= SYNC_HEARTBEAT_STALE_MS;

/**
 * Is a sync an active publisher: unfinished, younger than one hour (spec 02 section 9) and its
 * process still beating? The one rule for blocking edits, refusing starts and the views.
 */
export const isSyncActive = (sync: SyncLiveness, now = Date.now()) =>
  sync.finishedAt === null &&
  now - Date.parse(sync.startedAt) < SYNC_ACTIVE_MS &&
  !isSyncHeartbeatStale(sync, now);

export const SYNC_MESSAGES = {
  intentsBlocked: 'You cannot add/update/delete intents when publishing!',
  entitiesBlocked: 'You cannot add/update/delete entities when publishing!',
  // Not in the spec, the same form (docs/decisions.md, Publishing).
  functionsBlocked: 'You cannot add/update/delete functions when publishing!',
  objectsBlocked: 'You cannot add/update/delete variables and objects when publishing!',
  retryNotAllowed:
    'Your latest NLU model will not be published to all engines. You should restart the whole publish.',
  syncFailed: 'Sync failed',
  // Not in the spec (docs/decisions.md, Publishing): the running step of a sync whose process died.
  processStopped: 'The server publishing this bot stopped. Please publish again.',
  // Not in the spec: the running step of a sync still unfinished after one hour.
  tookTooLong: 'The publish took longer than one hour and was given up. Please publish again.',
  // Not in the spec (docs/decisions.md, Publishing).
  alreadyActive: 'This bot is being published. Wait until the publish ends (at most one hour) and try again.',
  unknownProvider: (id: string) => `There is no NLU provider named '${id.slice(0, 50)}'.`,
  notConfigured: (label: string) => `${label} is not configured for this bot.`,
  badSyncId: "The sync id must be the bot's name, '|' and a timestamp.",
  unknownSync: 'There is no such publish of this bot.',
  allAtOnce: (label: string) =>
    `${label} syncs everything at once: publish with POST /api/synchronization/{bot}/sync.`,
  nothingToConfirm: 'This publish does not wait for a confirmation.',
  noPublishedModel: 'This bot has no published NLU model yet. Publish the bot first.',
  noDraftModel: 'This bot has no trained NLU model yet. Publish the bot first.',
  noTestSet: 'No test set',
  worseTitle: 'The new NLU model is less accurate',
  worseText: (draft: string, published: string) =>
    `On the test dataset the new model recognises ${draft} of the utterances, the published one ${published}. Publish the new model anyway?`,
  publishAnyway: 'Publish anyway',
  keepPublished: 'Keep the published model',
} as const;
