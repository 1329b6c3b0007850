import { MAIL_KEYS, type MailConnectBody } from '@parley/contracts';
import { api } from '../../../api/client';
import type { ChannelKeysAnswer } from '../keys/channel-keys-api';

const mailPath = (botName: string, call: 'connect' | 'disconnect') =>
  `/api/${MAIL_KEYS.path}/${encodeURIComponent(botName)}/${call}`;

/** POST .../connect (spec 04 section 7.1): the server logs in to the mailbox first; answers the keys. */
export const connectMail = (botName: string, body: MailConnectBody) =>
  api.post<ChannelKeysAnswer>(mailPath(botName, 'connect'), body);

/** POST .../disconnect: isEnabled false and the password forgotten; answers the keys. */
export const disconnectMail = (botName: string) =>
  api.post<ChannelKeysAnswer>(mailPath(botName, 'disconnect'));
