import { defineChannelKeys } from './define';

/**
 * The bot scopes 'Add to Slack' asks for, and no more: answer (chat:write) direct messages
 * (im:history, for message.im events) and mentions in channels (app_mentions:read).
 */
export const SLACK_BOT_SCOPES = ['app_mentions:read', 'chat:write', 'im:history'] as const;

/**
 * Slack (spec 04 section 3.4): the Slack app's credentials, the URLs to enter in the app, and the
 * install. 'Add to Slack' (redirectAction) stores the workspace's bot token and name; a token
 * of an app installed on Slack's own page can be pasted instead.
 */
export const SLACK_KEYS = defineChannelKeys({
  path: 'slack',
  channels: ['slack'],
  isWritable: true,
  fields: {
    clientId: {
      label: 'Client ID',
      kind: 'text',
      maxLength: 100,
      pattern: {
        regex: /^\d+\.\d+$/,
        message: 'A Slack client ID is two numbers joined by a dot (1234567890.1234567890).',
      },
      help: 'Basic Information → App Credentials of your Slack app.',
    },
    clientSecret: { label: 'Client secret', kind: 'secret', maxLength: 200 },
    signingSecret: {
      label: 'Signing secret',
      kind: 'secret',
      maxLength: 200,
      help: 'Slack signs every request it sends with it; Parley refuses requests without the signature.',
    },
    botToken: {
      label: 'Bot token',
      kind: 'secret',
      maxLength: 300,
      help: "Filled in by 'Add to Slack'. Or paste the app's Bot User OAuth Token (xoxb-…).",
    },
    teamName: { label: 'Installed in workspace', kind: 'shown' },
    redirectUrl: { label: 'Redirect URL', kind: 'shown' },
    eventSubscriptionUrl: { label: 'Event Subscriptions and Interactivity request URL', kind: 'shown' },
    redirectAction: { label: 'Install to Slack', kind: 'shown' },
  },
});
