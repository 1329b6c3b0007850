import { CHANNELS, type ChannelId, type InboundActivity, type OutboundActivity } from '@parley/contracts';
import type { Bot, TenantScope } from '@parley/db';
import type { AppContext } from '../../context';
import type { ConversationOrigin } from '../conversations/conversation-turns.service';
import type { ChannelRecipient } from './messaging/messaging-platform';

/**
 * A channel in the runtime's terms (ARCHITECTURE 'A message's way'): it turns its platform's
 * inbound messages into the runtime's activities and the runtime's activities into its
 * platform's messages, and knows whether a bot's own settings connect it. Its name, settings
 * dialog, capabilities and limits are its catalogue entry (contracts/channels.ts), so the
 * Configuration tab and the flow editor's restrictions read the same declaration.
 */
export interface ChannelPlugin<Inbound, Outbound, Id extends ChannelId = ChannelId> {
  /** Its catalogue entry; the platform that runs it (define-platform.ts) lists it by this id. */
  id: Id;
  /** The bot's settings for this channel make it work (an API key, a snippet, credentials). */
  isConnected(scope: TenantScope, bot: Bot): Promise<boolean>;
  /** The platform's message as the runtime's activity; undefined for what the bot does not answer. */
  toActivity(inbound: Inbound): InboundActivity | undefined;
  /** One runtime activity as the platform's messages (none when the platform cannot show it). */
  toOutbound(activity: OutboundActivity, context: OutboundContext): Outbound[];
  /**
   * Messaging platforms (issue 14): sends one message to the user through the platform's API.
   * Throws when the platform refused it; a job sends it and the ones after it again. Channels that answer in the
   * webhook's own response (voice) and web channels have none.
   */
  send?(ctx: AppContext, to: ChannelRecipient, message: Outbound): Promise<void>;
  /**
   * Instead of `send`: a platform that takes what the bot says at once, as one (a live phone
   * call gets new TwiML, which replaces what it was doing). Throws when refused; a job tries again.
   */
  sendTogether?(ctx: AppContext, to: ChannelRecipient, messages: Outbound[]): Promise<void>;
  /** Other catalogue channels its conversations take place on (WhatsApp through Twilio Messages). */
  conversationChannels?: readonly ChannelId[];
}

/** What a conversion may need beyond the activity. */
export interface OutboundContext {
  /** A URL the platform can fetch one of the bot's files from (signed, public). */
  fileUrl(fileId: string): string;
}

/**
 * Where a conversation of a production channel takes place: the flows activated to every
 * channel (production), counted by analytics.
 */
export function productionOrigin(channel: ChannelId, userKey: string): ConversationOrigin {
  return {
    channel: { id: channel, name: CHANNELS[channel].name },
    userKey,
    isTest: false,
    target: 'production',
  };
}
