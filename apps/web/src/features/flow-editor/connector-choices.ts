import { TEST_CHAT_CHANNELS } from '@parley/contracts';
import {
  CHANNEL_CAPABILITIES,
  MULTIPLE_ENTITY_CHECK_MAX,
  SIMILARITY_DEFAULT,
  SIMILARITY_MAX,
  SIMILARITY_MIN,
} from '@parley/flows/blocks';

/** The choices some Details editors offer (spec 03 section 5), kept apart from the forms. */

export interface ChannelChoice {
  /** What the runtime compares with the conversation's channel (channelId). */
  id: string;
  name: string;
}

/**
 * Channels a Which channel arrow may name. Bots have no connected-channel list yet, so these are
 * the channels Parley declares (the test chats, where flows run today, and the channels whose
 * capabilities the editor checks); docs/decisions.md 'Flow editor: web'.
 */
export const CONDITION_CHANNELS: readonly ChannelChoice[] = [
  ...Object.values(TEST_CHAT_CHANNELS).map(({ id, name }) => ({ id, name })),
  ...Object.entries(CHANNEL_CAPABILITIES).map(([id, capabilities]) => ({ id, name: capabilities.name })),
];

/** The channels left for one arrow: none that a sibling arrow of the same condition names already. */
export function channelChoices(usedBySiblings: readonly unknown[], current: unknown): ChannelChoice[] {
  const used = new Set(usedBySiblings.filter((id) => id !== current).map(String));
  return CONDITION_CHANNELS.filter((channel) => !used.has(channel.id));
}

/** A similarity as stored: a whole percentage from 20 to 100, 70 when not a number. */
export function clampSimilarity(value: unknown): number {
  const number = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
  if (!Number.isFinite(number)) return SIMILARITY_DEFAULT;
  return Math.min(SIMILARITY_MAX, Math.max(SIMILARITY_MIN, Math.round(number)));
}

/** Entities one row of a multiple entity check may pick: each entity once per block. */
export function entityChoices(
  available: readonly string[],
  chosen: readonly string[],
  index: number,
): string[] {
  const elsewhere = new Set(chosen.filter((_, at) => at !== index));
  return available.filter((name) => !elsewhere.has(name));
}

/** Another row may be added while fewer than the available entities and fewer than 10 are chosen. */
export function canAddEntityCheck(available: readonly string[], rows: number): boolean {
  return rows < Math.min(MULTIPLE_ENTITY_CHECK_MAX, available.length);
}
