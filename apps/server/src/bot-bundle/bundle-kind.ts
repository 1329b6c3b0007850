import type { BotBundleCounts, ImportedBotData } from '@parley/contracts';
import type { Bot, TenantScope } from '@parley/db';
import type { z } from 'zod';

/** The bot a kind exports from or imports into, with the repositories to reach it. */
export interface BotScope {
  bot: Bot;
  /** Bound to the import's transaction while importing, so nothing stays when anything fails. */
  scope: TenantScope;
  /**
   * Whether the person importing may create the account's global functions, variables and
   * objects (MakeGlobal); without it the bundle's global ones become the bot's own.
   */
  canMakeGlobal: boolean;
  /** Who exports or imports (a user id): what the import creates is recorded as theirs. */
  actorId: string;
  /**
   * Between the items of an import: a bot file is written in short transactions
   * (`transactionInSlices`), and this ends the current one once it has held the database for a
   * slice, so other requests run meanwhile. Without it, the import only shares the event loop.
   */
  breakSlice?: () => Promise<void>;
  /** What the import made the account's global items: removed again if the import fails. */
  madeGlobal?: MadeGlobal[];
}

/** An account-wide item an import created (its name is unique among the account's global ones). */
export interface MadeGlobal {
  kind: 'function' | 'variable' | 'object';
  name: string;
}

/** What a section tells the Import-a-bot dialog (spec 01 section 3 'Imported bot data'). */
export type BundleSummary = Partial<
  Pick<
    ImportedBotData,
    'settings' | 'intents' | 'entities' | 'functions' | 'flowVariables' | 'flowObjects' | 'channels'
  >
> & { counts?: Partial<BotBundleCounts> };

/**
 * One kind of bot content, declared once: its section of the bundle, the schema of its exported
 * form, how it is read from a bot and created in a new one, and what the staging step says of
 * it. Export, staging, import and starter templates all read the list of kinds (bundle-kinds.ts);
 * a new kind of content (flows, channels) is one more declaration there.
 *
 * @example
 * export const notesKind = defineBundleKind({
 *   section: 'notes',
 *   schema: z.array(noteSchema).default([]),
 *   export: async ({ bot, scope }) => (await scope.notes(bot.id).list()).map(toNote),
 *   import: async ({ bot, scope }, notes) => { for (const n of notes) await createNoteIn(scope, bot, n); },
 *   summary: (notes) => ({ counts: { notes: notes.length } }),
 * });
 */
export interface BundleKind<S extends z.ZodType = z.ZodType> {
  section: string;
  schema: S;
  export(bot: BotScope): Promise<z.input<S>>;
  /** Creates the section's content by the same rules as creating it by hand; throws to refuse. */
  import(bot: BotScope, data: z.output<S>): Promise<void>;
  summary(data: z.output<S>): BundleSummary;
}

export const defineBundleKind = <S extends z.ZodType>(kind: BundleKind<S>): BundleKind<S> => kind;
