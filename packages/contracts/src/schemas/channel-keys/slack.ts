import { defineChannelKeys } from './define';

/** Slack (spec 04 section 3.4): the Slack app's credentials, and the URLs to enter in the app. */
export const SLACK_KEYS = defineChannelKeys({
  path: 'slack',
  channels: ['slack'],
  isWritable: true,
  fields: {
    clientId: { label: 'Client ID', kind: 'text', maxLength: 100 },
    clientSecret: { label: 'Client secret', kind: 'secret', maxLength: 200 },
    signingSecret: { label: 'Signing secret', kind: 'secret', maxLength: 200 },
    redirectUrl: { label: 'Redirect URL', kind: 'shown' },
    eventSubscriptionUrl: { label: 'Event subscription URL', kind: 'shown' },
    redirectAction: { label: 'Install to Slack', kind: 'shown' },
  },
});
