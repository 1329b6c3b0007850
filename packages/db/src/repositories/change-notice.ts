/**
 * What a turn keeps in memory of a bot (issue 21) is dropped when it changes: the repositories of
 * those things announce their writes. `botId` undefined: any bot of the tenant may have changed.
 */
export interface BotChange {
  tenantId: string;
  botId?: string;
}

export type BotChangeListener = (change: BotChange) => void;

/**
 * The repository with every method not named in `unchanging` announcing, once it has written,
 * that the bot changed. A method is taken for a write unless it is listed: a write added later
 * drops what turns keep without anyone remembering to.
 */
export function announcingWrites<R extends object>(
  repository: R,
  unchanging: readonly (keyof R)[],
  announce: (() => void) | undefined,
): R {
  if (!announce) return repository;
  const quiet = new Set<PropertyKey>(unchanging);
  const announcing = { ...repository } as Record<PropertyKey, unknown>;
  for (const [name, member] of Object.entries(repository)) {
    if (quiet.has(name) || typeof member !== 'function') continue;
    announcing[name] = async (...args: unknown[]) => {
      try {
        return await (member as (...a: unknown[]) => Promise<unknown>).apply(repository, args);
      } finally {
        announce();
      }
    };
  }
  return announcing as R;
}
