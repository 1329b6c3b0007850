import { defineChannelKeys } from './define';

/**
 * Microsoft Teams (spec 04 section 3.4): the Azure bot registration's app id and password (the
 * connector service needs both), and how long a quiet conversation goes on (0: no timeout).
 */
export const TEAMS_KEYS = defineChannelKeys({
  path: 'teams',
  channels: ['teams'],
  isWritable: true,
  fields: {
    appId: { label: 'Microsoft App ID', kind: 'text', maxLength: 100 },
    appPassword: { label: 'Microsoft App password', kind: 'secret', maxLength: 200 },
    messagesTimeout: {
      label: 'Conversation timeout (minutes)',
      kind: 'number',
      min: 0,
      help: '0 means no timeout.',
    },
    isEnabled: { label: 'Enabled', kind: 'shown', initial: false },
    messagingEndpoint: { label: 'Messaging endpoint', kind: 'shown' },
  },
});
