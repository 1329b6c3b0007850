import { defineChannelKeys, SECRET_MASK } from './define';

/** What @BotFather hands out: the bot's number, a colon, and its key. */
export const TELEGRAM_TOKEN_PATTERN = /^\d{1,20}:[A-Za-z0-9_-]{20,100}$/;
/** A token, or the mask the dialog sends back unchanged (the stored token stays). */
const tokenOrMask = new RegExp(`^(?:${SECRET_MASK}.*|${TELEGRAM_TOKEN_PATTERN.source.slice(1, -1)})$`);

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
      pattern: {
        regex: tokenOrMask,
        message: 'A Telegram access token looks like 123456789:AAH... (as @BotFather gives it).',
      },
      help: 'The token @BotFather gave you for your bot.',
      placeholder: '123456789:AAH...',
    },
    isValidated: { label: 'Validated', kind: 'shown', initial: false },
  },
});
