import { MAIL_KEYS, SECRET_MASK } from '@parley/contracts';
import { definePlatform } from '../define-platform';
import { mailChannel } from './mail-channel';
import { mailConnectRoutes } from './mail-connect.routes';

/**
 * The e-mail channel's keys (set by connect and disconnect only) and calls. It has no webhook:
 * mail arrives in the bot's mailbox and the poller reads it (mail-poller.ts), so the mailbox
 * login itself is what authenticates inbound mail.
 */
export const mailPlatform = definePlatform({
  id: 'mail',
  keys: MAIL_KEYS,
  channels: { mail: mailChannel },
  // A mailbox password is shown as the mask alone: none of its characters, not even the last ones.
  shownKeys: (_ctx, keys) => ({ password: keys.values.password ? SECRET_MASK : '' }),
  routes(app, ctx) {
    mailConnectRoutes(app, ctx, mailPlatform);
  },
});
