import { blockKindOf } from '../block-kinds';
import type { BlockSends } from '../blocks/define-block-kind';
import type { FlowDocument } from '../flow-document';
import {
  CHANNEL_CAPABILITIES,
  type ChannelCapabilities,
  CONTENT_NAMES,
  type ContentKind,
  type RestrictedChannel,
} from './channel-capabilities';

export interface ChannelProblem {
  blockId: string;
  message: string;
}

/** One channel's row of the indicator: what breaks (Error) and what shows badly (Warning). */
export interface ChannelRestriction {
  channel: RestrictedChannel;
  name: string;
  errors: ChannelProblem[];
  warnings: ChannelProblem[];
}

export interface ChannelRestrictionOptions {
  /** The channels to check; all declared ones when left out. */
  channels?: readonly string[];
  /** The type of each custom function the bot has (rest, sql, adaptiveCard, ...), by name. */
  functionTypes?: ReadonlyMap<string, string>;
}

/** The length a user sees: rich texts are HTML, so tags do not count. */
const visibleLength = (text: string) => text.replace(/<[^>]*>/g, '').length;

/**
 * The channel restrictions of a flow (spec 03 section 4.5): for each channel, the blocks whose
 * texts reach its character limit, that show more options than it allows, or send content it
 * cannot show. Channels without any are left out, so an empty answer means 'Works on all channels'.
 */
export function channelRestrictions(
  doc: FlowDocument,
  options: ChannelRestrictionOptions = {},
): ChannelRestriction[] {
  const wanted = (options.channels ?? Object.keys(CHANNEL_CAPABILITIES)).filter(
    (id): id is RestrictedChannel => id in CHANNEL_CAPABILITIES,
  );
  const sent = doc.blocks.flatMap((block) =>
    Object.values(block.customData).map((data) => ({
      blockId: block.id,
      sends: sendsOf(block, data, options),
    })),
  );
  return wanted.flatMap((channel) => {
    const capabilities: ChannelCapabilities = CHANNEL_CAPABILITIES[channel];
    const row: ChannelRestriction = { channel, name: capabilities.name, errors: [], warnings: [] };
    const seen = new Set<string>();
    const report = (severity: 'error' | 'warning', blockId: string, message: string) => {
      const key = `${severity}\u0000${blockId}\u0000${message}`;
      if (seen.has(key)) return;
      seen.add(key);
      (severity === 'error' ? row.errors : row.warnings).push({ blockId, message });
    };
    for (const { blockId, sends } of sent) {
      const limit = capabilities.textLimit;
      if (limit) {
        const longest = Math.max(0, ...(sends.texts ?? []).map(visibleLength));
        if (longest >= limit.max) {
          report(
            limit.severity,
            blockId,
            `A text of ${longest} characters reaches ${capabilities.name}'s limit of ${limit.max}${limit.note ? ` (${limit.note})` : ''}.`,
          );
        }
      }
      const shown = sends.options?.length ?? 0;
      if (capabilities.maxOptions !== undefined && shown > capabilities.maxOptions) {
        report(
          'error',
          blockId,
          `${capabilities.name} shows at most ${capabilities.maxOptions} options; this block has ${shown}.`,
        );
      }
      for (const [content, severity] of Object.entries(capabilities.content ?? {}) as [
        ContentKind,
        'error' | 'warning',
      ][]) {
        if (!sends[content]) continue;
        report(
          severity,
          blockId,
          severity === 'error'
            ? `${capabilities.name} cannot show ${CONTENT_NAMES[content]}.`
            : `${capabilities.name} may not show ${CONTENT_NAMES[content]} as intended.`,
        );
      }
    }
    return row.errors.length + row.warnings.length > 0 ? [row] : [];
  });
}

function sendsOf(
  block: FlowDocument['blocks'][number],
  data: Record<string, unknown>,
  options: ChannelRestrictionOptions,
): BlockSends {
  if (block.type !== 'bpmn:Task') return {};
  if (block.category === 'custom') {
    const type = typeof data.fc === 'string' ? options.functionTypes?.get(data.fc) : undefined;
    return { adaptiveCard: type === 'adaptiveCard' };
  }
  const kind = blockKindOf(block.category, data.fc);
  return kind ? kind.sends(kind.read(data)) : {};
}
