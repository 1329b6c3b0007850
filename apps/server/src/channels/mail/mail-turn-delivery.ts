import type { OutboundActivity } from '@parley/contracts';
import type { AppContext } from '../../context';
import { channelFileUrl } from '../messaging/channel-files';
import type { ChannelRecipient } from '../messaging/messaging-platform';
import { DELIVERY_RETRY, type PendingDelivery } from '../messaging/outbound-delivery';
import { joinMailParts, mailPartsOf } from './mail-outbound';
import { sendMailPart } from './mail-send';

/**
 * The bot's answer to one mail, as ONE mail (people answer a mail with a mail, not with a mail
 * per sentence). A refused send goes to the core's delivery job ('channel.deliver'), which sends
 * it again through the plug-in with growing waits, as every channel's answers are.
 */
export async function deliverMailTurn(
  ctx: AppContext,
  to: ChannelRecipient,
  activities: readonly OutboundActivity[],
): Promise<void> {
  const bot = to.keys.bot;
  const context = { fileUrl: (fileId: string) => channelFileUrl(ctx, bot.tenantId, bot.id, fileId) };
  const mail = joinMailParts(activities.flatMap((activity) => mailPartsOf(activity, context)));
  if (!mail) return;
  try {
    await sendMailPart(ctx, to, mail);
  } catch (error) {
    ctx.log.warn(
      { err: error, channel: 'mail', conversationId: to.conversation.id, attempt: 1 },
      'a channel refused a message; trying again later',
    );
    const pending: PendingDelivery = {
      tenantId: bot.tenantId,
      botId: bot.id,
      conversationId: to.conversation.id,
      plugin: 'mail',
      messages: [mail],
      attempt: 2,
    };
    await ctx.jobs.enqueue('channel.deliver', pending, { delayMs: DELIVERY_RETRY.firstWaitMs });
  }
}
