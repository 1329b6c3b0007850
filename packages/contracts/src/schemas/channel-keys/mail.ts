import { defineChannelKeys } from './define';

/** Office 365 / e-mail (spec 04 section 3.4): set by connect (address and password) and disconnect. */
export const MAIL_KEYS = defineChannelKeys({
  path: 'mail-channel',
  channels: ['mail'],
  isWritable: false,
  fields: {
    isEnabled: { label: 'Connected', kind: 'shown', initial: false },
    emailAddress: { label: 'E-mail address', kind: 'shown' },
  },
});
