import {
  BOT_BUNDLE_FORMAT,
  type BotBundleCounts,
  type BundleBot,
  bundleBotSchema,
  type ImportedBotData,
  type SettingsSection,
} from '@parley/contracts';
import { z } from 'zod';
import { BUNDLE_FORMAT_VERSION } from './bundle-codec';
import {
  bundleCredentialsSchema,
  credentialsSummary,
  type StoredBundleCredentials,
} from './bundle-credentials';
import { invalidContent } from './bundle-errors';
import type { BotScope } from './bundle-kind';
import { BOT_BUNDLE_KINDS } from './bundle-kinds';

/**
 * What a bundle holds once opened (and what a starter template's JSON holds): the bot's name and
 * region, and one section per kind of content, each read with its kind's schema.
 */
export interface BundleContent {
  exportedAt: string | null;
  bot: BundleBot;
  settings: SettingsSection;
  /** Every section by its kind's name (settings too). */
  sections: Record<string, unknown>;
  /** Functions' credentials left out or sealed (bundle-credentials.ts); absent in older files. */
  credentials?: StoredBundleCredentials;
}

const sectionsSchema = z.object(
  Object.fromEntries(BOT_BUNDLE_KINDS.map((kind) => [kind.section, kind.schema])),
  { message: 'The sections must be an object.' },
);

export const bundleContentSchema = z.object({
  format: z.literal(BOT_BUNDLE_FORMAT, { message: 'This is not the content of a Parley bot.' }),
  exportedAt: z.string().max(100).nullish(),
  bot: bundleBotSchema,
  sections: sectionsSchema,
  credentials: bundleCredentialsSchema,
});

/** `intents "Greeting", utterances` for the path of a problem, naming the item when it has a name. */
function describePath(json: unknown, path: readonly PropertyKey[]): string {
  const [top, section, index, ...rest] = path.map(String);
  if (top !== 'sections' || section === undefined) return path.map(String).join('.') || 'file';
  if (index === undefined) return section;
  const items = (json as { sections?: Record<string, unknown> }).sections?.[section];
  // Settings are one object: the rest of the path is its field.
  if (!Array.isArray(items)) return `${section}, ${[index, ...rest].join('.')}`;
  const item: unknown = items[Number(index)];
  const name = (item as { name?: unknown } | undefined)?.name;
  const label =
    typeof name === 'string' && name.trim() !== '' ? `"${name.slice(0, 60)}"` : `#${Number(index) + 1}`;
  return [`${section} ${label}`, ...(rest.length > 0 ? [rest.join('.')] : [])].join(', ');
}

/** Reads an opened bundle's JSON (or a template's) with the kinds' schemas; refuses it naming the first problem. */
export function readBundleContent(json: unknown): BundleContent {
  const result = bundleContentSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw invalidContent(describePath(json, issue?.path ?? []), issue?.message ?? 'invalid');
  }
  const { exportedAt, bot, sections, credentials } = result.data;
  return {
    exportedAt: exportedAt ?? null,
    bot,
    settings: sections.settings as SettingsSection,
    sections: { ...sections },
    ...(credentials ? { credentials } : {}),
  };
}

/** Reads every section of a bot into the JSON a bundle carries. */
export async function exportBundleContent(botScope: BotScope): Promise<z.input<typeof bundleContentSchema>> {
  const sections: Record<string, unknown> = {};
  for (const kind of BOT_BUNDLE_KINDS) sections[kind.section] = await kind.export(botScope);
  const { bot } = botScope;
  return {
    format: BOT_BUNDLE_FORMAT,
    exportedAt: new Date().toISOString(),
    bot: { botName: bot.botName, displayName: bot.displayName, region: bot.region },
    sections: sections as z.input<typeof sectionsSchema>,
  };
}

/**
 * Creates every section in a new bot, kind after kind, by the rules of creating each by hand.
 * The caller runs it in the transaction that created the bot: a refusal leaves nothing.
 */
export async function importBundleContent(botScope: BotScope, content: BundleContent): Promise<void> {
  for (const kind of BOT_BUNDLE_KINDS) {
    const data = kind.section === 'settings' ? content.settings : content.sections[kind.section];
    await kind.import(botScope, data);
  }
}

const NO_COUNTS: BotBundleCounts = {
  intents: 0,
  entities: 0,
  functions: 0,
  subs: 0,
  variables: 0,
  objects: 0,
  flows: 0,
  channels: 0,
  connectedChannels: 0,
};

/** The staging answer (spec 01 section 3 'Imported bot data'): each kind says what it holds. */
export function summariseBundle(content: BundleContent): ImportedBotData {
  const data: ImportedBotData = {
    botName: content.bot.botName,
    region: content.bot.region,
    settings: {
      language: content.settings.language,
      intentRecognizerProvider: content.settings.intentRecognizerProvider,
      nluAutomate: content.settings.nluAutomate,
    },
    intents: [],
    entities: {},
    functions: [],
    flowVariables: {},
    flowObjects: {},
    channels: [],
    counts: { ...NO_COUNTS },
    formatVersion: BUNDLE_FORMAT_VERSION,
    exportedAt: content.exportedAt,
    credentials: credentialsSummary(content),
  };
  for (const kind of BOT_BUNDLE_KINDS) {
    const section = kind.section === 'settings' ? content.settings : content.sections[kind.section];
    const { counts, ...parts } = kind.summary(section);
    Object.assign(data, parts);
    Object.assign(data.counts, counts);
  }
  return data;
}
