import { defineChannelKeys } from './define';

/** Telegram (spec 04 section 3.4): the bot's token from @BotFather; validated with getMe. */
export const TELEGRAM_KEYS = defineChannelKeys({
  path: 'telegram',
  channels: ['telegram'],
  isWritable: true,
  fields: {
    accessToken: {
      label: 'Access token',
      kind: 'secret',
      maxLength: 200,
      help: 'The token @BotFather gave you for your bot.',
    },
    isValidated: { label: 'Validated', kind: 'shown', initial: false },
  },
});
