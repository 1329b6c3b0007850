/**
 * Where a bot's engines run (spec 01 sections 3 and 9): eu-west (the default) or us-east. Bots
 * imported from older exports may carry the short forms eu-west-1 / us-east-1; they mean the same.
 */
export const BOT_REGIONS = [
  { id: 'eu-west', shortForm: 'eu-west-1', label: 'EU' },
  { id: 'us-east', shortForm: 'us-east-1', label: 'US' },
] as const;

export type BotRegion = (typeof BOT_REGIONS)[number]['id'];

export const DEFAULT_BOT_REGION: BotRegion = 'eu-west';

/** The region a value names (long or short form), or undefined. */
export function botRegionOf(value: unknown): BotRegion | undefined {
  if (typeof value !== 'string') return undefined;
  return BOT_REGIONS.find((r) => r.id === value || r.shortForm === value)?.id;
}

/** The card and header label: US for us-east (either form), EU for anything else. */
export function botRegionLabel(region: string | null | undefined): string {
  return botRegionOf(region) === 'us-east' ? 'US' : 'EU';
}
