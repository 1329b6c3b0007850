import { type InboundActivity, inboundActivitySchema, type OutboundActivity } from '@parley/contracts';
import type { ChannelPlugin } from './channel-plugin';
import { definePlatform } from './define-platform';

/**
 * The Chat Bubble (spec 04 section 3.6; issue 13): the embeddable widget at
 * /assets/chat-widget.js speaks the runtime's own activities over the visitor websocket
 * (services/chat-bubble), so its conversions only check what a page sends. It is connected while
 * the bot has a snippet to embed.
 */
export const chatBubbleChannel: ChannelPlugin<unknown, OutboundActivity, 'chatBubble'> = {
  id: 'chatBubble',
  async isConnected(scope, bot) {
    return (await scope.snippets(bot.id).count()) > 0;
  },
  toActivity(inbound): InboundActivity | undefined {
    const parsed = inboundActivitySchema.safeParse(inbound);
    return parsed.success ? parsed.data : undefined;
  },
  toOutbound: (activity) => [activity],
};

/** A web channel: its settings are the bot's snippets, its routes the widget's (widget.routes.ts). */
export const chatBubblePlatform = definePlatform({ channels: { chatBubble: chatBubbleChannel } });
