import { defineChannelKeys } from './define';

/**
 * Facebook Messenger (spec 04 section 3.4): the app, the page it answers for, and the webhook to
 * enter at Meta; the server shows whether the page token was accepted and for which page.
 */
export const FACEBOOK_KEYS = defineChannelKeys({
  path: 'facebook',
  channels: ['facebook'],
  isWritable: true,
  fields: {
    appId: {
      label: 'App ID',
      kind: 'text',
      maxLength: 100,
      pattern: { regex: /^\d+$/, message: 'An App ID is digits only.' },
    },
    appSecret: { label: 'App secret', kind: 'secret', maxLength: 200 },
    'pages[0].id': {
      label: 'Page ID',
      kind: 'text',
      maxLength: 100,
      pattern: { regex: /^\d+$/, message: 'A Page ID is digits only.' },
    },
    'pages[0].accessToken': { label: 'Page access token', kind: 'secret', maxLength: 1000 },
    callbackUrl: {
      label: 'Callback URL',
      kind: 'shown',
      help: 'Enter it in your Meta app: Messenger, Webhooks.',
    },
    verifyToken: { label: 'Verify token', kind: 'shown', help: 'Enter it next to the callback URL.' },
    isValidated: { label: 'Page token accepted', kind: 'shown', initial: false },
    pageName: { label: 'Page', kind: 'shown' },
  },
});
