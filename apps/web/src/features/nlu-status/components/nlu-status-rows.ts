import { type NluProvidersView, type NluStatusView, nluProviderLabel } from '@parley/contracts';

/**
 * What the table needs of the sync status (spec 04 section 3.10): the bot's last sync and,
 * per provider, its own last sync.
 */
export interface ProviderSyncFacts {
  /** The bot's last sync: the publish the newest model belongs to. */
  lastSyncId: string | null;
  providers: Readonly<Record<string, { lastSyncTime: string | null; lastSyncId: string | null } | undefined>>;
}

export interface NluStatusRow {
  provider: string;
  label: string;
  isPrimary: boolean;
  /** Undefined while loading or when the status could not be read (`problem` then says why). */
  status: NluStatusView | undefined;
  problem: string | undefined;
  lastPublish: string | null;
  /** The provider holds the bot's latest publish (docs/decisions.md, NLU Status). */
  isLatest: boolean;
}

/** The table's providers: the primary recognizer first, then every other configured one. */
export function listedProviders(view: NluProvidersView): string[] {
  return [...new Set([...(view.primary ? [view.primary] : []), ...view.configured])];
}

/**
 * One row per listed provider. 'Is latest publish': the provider is configured, its last sync
 * is the bot's last sync and the bot is published (nothing changed since; creating or removing
 * an NLU unpublishes the bot).
 */
export function nluStatusRows(
  view: NluProvidersView,
  statuses: ReadonlyArray<{ data?: NluStatusView; error?: Error | null }>,
  sync: ProviderSyncFacts | undefined,
  isPublished: boolean,
): NluStatusRow[] {
  return listedProviders(view).map((provider, index) => {
    const answer = statuses[index];
    const own = sync?.providers[provider];
    const lastSyncId = own?.lastSyncId ?? null;
    return {
      provider,
      label: nluProviderLabel(provider),
      isPrimary: provider === view.primary,
      status: answer?.data,
      problem: answer?.error ? answer.error.message : undefined,
      lastPublish: own?.lastSyncTime ?? null,
      isLatest:
        isPublished &&
        answer?.data?.isConfigured === true &&
        lastSyncId !== null &&
        lastSyncId === sync?.lastSyncId,
    };
  });
}
