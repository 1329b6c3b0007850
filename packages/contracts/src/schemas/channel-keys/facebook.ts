import { defineChannelKeys } from './define';

/** Facebook Messenger (spec 04 section 3.4): the app, the page it answers for, and the webhook to enter. */
export const FACEBOOK_KEYS = defineChannelKeys({
  path: 'facebook',
  channels: ['facebook'],
  isWritable: true,
  fields: {
    appId: { label: 'App ID', kind: 'text', maxLength: 100 },
    appSecret: { label: 'App secret', kind: 'secret', maxLength: 200 },
    'pages[0].id': { label: 'Page ID', kind: 'text', maxLength: 100 },
    'pages[0].accessToken': { label: 'Page access token', kind: 'secret', maxLength: 1000 },
    callbackUrl: { label: 'Callback URL', kind: 'shown' },
    verifyToken: { label: 'Verify token', kind: 'shown' },
  },
});
