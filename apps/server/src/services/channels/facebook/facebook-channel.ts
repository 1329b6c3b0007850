import type { ChannelPlugin } from '../channel-plugin';
import { facebookToActivity, facebookToOutbound } from './facebook-conversion';
import { graphCall } from './facebook-graph';
import { credentialsOf } from './facebook-keys';
import type { FacebookOutbound, MessagingEvent } from './facebook-messages';

/**
 * Facebook Messenger (issue 14): a page's conversations through the Messenger Platform, without an
 * SDK (Meta maintains none for Node): the webhook's events in, the Send API out.
 */
export const facebookChannel: ChannelPlugin<MessagingEvent, FacebookOutbound, 'facebook'> = {
  id: 'facebook',
  async isConnected(scope, bot) {
    const record = await scope.channelKeys(bot.id).get('facebook');
    return record?.keys.isValidated === true;
  },
  toActivity: facebookToActivity,
  toOutbound: facebookToOutbound,
  /** Send API: POST /{page-id}/messages with the page's token, as an answer to the user (RESPONSE). */
  async send(ctx, to, outbound) {
    const credentials = credentialsOf(to.keys);
    const psid = String(to.address.psid ?? '');
    const pageId = String(to.address.pageId ?? credentials.pageId);
    if (!credentials.accessToken || psid === '') throw new Error('Facebook: no page token or recipient');
    const body =
      'message' in outbound
        ? { recipient: { id: psid }, messaging_type: 'RESPONSE', message: outbound.message }
        : { recipient: { id: psid }, sender_action: outbound.sender_action };
    await graphCall(ctx, credentials, `${encodeURIComponent(pageId)}/messages`, { body });
  },
};
