import { defineChannelKeys } from './define';

/**
 * Microsoft Teams (spec 04 section 3.4): the Azure bot registration's app id and password (the
 * connector service needs both), and how long a quiet conversation goes on (0: no timeout).
 * Azure creates only single-tenant bots since August 2025: their tokens come from their own
 * tenant, so the app's tenant id is asked too (empty for an older multi-tenant bot).
 */
export const TEAMS_KEYS = defineChannelKeys({
  path: 'teams',
  channels: ['teams'],
  isWritable: true,
  fields: {
    appId: {
      label: 'Microsoft App ID',
      kind: 'text',
      maxLength: 36,
      pattern: {
        regex: /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
        message: 'A Microsoft App ID is a GUID such as 6f1c2d3e-1a2b-4c5d-8e9f-0123456789ab.',
      },
    },
    appPassword: { label: 'Microsoft App password', kind: 'secret', maxLength: 200 },
    appTenantId: {
      label: 'App tenant ID',
      kind: 'text',
      maxLength: 100,
      pattern: {
        regex: /^[A-Za-z0-9][A-Za-z0-9.-]*$/,
        message: 'An app tenant ID is a Directory (tenant) ID such as 72f988bf-86f1-41af-91ab-2d7cd011db47.',
      },
      help: 'The Directory (tenant) ID of a single-tenant bot. Leave it empty for a multi-tenant bot.',
    },
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
