/**
 * Every channel and connector of the product, declared once (spec 04 sections 2.3, 3.2, 3.4 and 9;
 * spec 03 section 9). The Configuration tab lists them, the server keeps a bot's connections by
 * their ids, the flow editor's channel-restrictions indicator reads their capabilities, and a
 * channel plug-in on the server names its entry here. Ids are stored (connections, conversations,
 * 'Which channel' arrows) and never change; names may.
 */
export type Severity = 'error' | 'warning';
export type ContentKind = 'gif' | 'attachment' | 'adaptiveCard';

/** What a channel can show; a channel without limits shows everything. */
export interface ChannelCapabilities {
  /** Characters per message; the limit is broken when a text's length reaches it. */
  textLimit?: { max: number; severity: Severity; note?: string };
  /** The most options one message may show. */
  maxOptions?: number;
  /** Content the channel shows badly (warning) or not at all (error). */
  content?: Partial<Record<ContentKind, Severity>>;
}

/**
 * The settings dialogs of spec 04 section 2.3. A connection without one opens the generic dialog,
 * and may be 'requested' instead (section 4).
 */
export const SETTINGS_DIALOGS = [
  'chatBubble',
  'api',
  'alexa',
  'googleAssistant',
  'twilioVoice',
  'twilioMessages',
  'facebook',
  'teams',
  'mail',
  'slack',
  'telegram',
  'salesforceAgent',
  'magento',
] as const;
export type SettingsDialog = (typeof SETTINGS_DIALOGS)[number];

export interface ChannelDeclaration {
  name: string;
  /** Hidden from the Configuration tab's list (spec 04 section 9: WhatsApp, Cortana, Crisp). */
  isHidden?: boolean;
  settingsDialog?: SettingsDialog;
  /** Why the channel cannot be connected at all (the platform retired it), shown instead of a dialog. */
  unavailableReason?: string;
  capabilities?: ChannelCapabilities;
}

const TWILIO_LIMITS: ChannelCapabilities = {
  textLimit: { max: 1600, severity: 'error' },
  maxOptions: 10,
  content: { gif: 'warning', attachment: 'warning', adaptiveCard: 'warning' },
};

const VOICE_LIMITS: ChannelCapabilities = {
  content: { gif: 'error', attachment: 'error', adaptiveCard: 'warning' },
};

export const CHANNELS = {
  chatBubble: { name: 'Chat Bubble', settingsDialog: 'chatBubble' },
  api: { name: 'API', settingsDialog: 'api' },
  teams: { name: 'Microsoft Teams', settingsDialog: 'teams' },
  slack: {
    name: 'Slack',
    settingsDialog: 'slack',
    capabilities: { textLimit: { max: 45000, severity: 'error' }, content: { adaptiveCard: 'warning' } },
  },
  telegram: {
    name: 'Telegram',
    settingsDialog: 'telegram',
    capabilities: { content: { adaptiveCard: 'warning' } },
  },
  facebook: {
    name: 'Facebook',
    settingsDialog: 'facebook',
    capabilities: { textLimit: { max: 63206, severity: 'error' }, content: { adaptiveCard: 'warning' } },
  },
  // 'twilio' is the id flows already name for Twilio SMS; it is the Twilio Messages channel.
  twilio: { name: 'Twilio SMS', settingsDialog: 'twilioMessages', capabilities: TWILIO_LIMITS },
  // Voice: pictures and files cannot be heard (left out); cards are read as their texts.
  twilioVoice: { name: 'Twilio Voice', settingsDialog: 'twilioVoice', capabilities: VOICE_LIMITS },
  mail: { name: 'Office 365 / Email', settingsDialog: 'mail' },
  alexa: { name: 'Amazon Alexa', settingsDialog: 'alexa', capabilities: VOICE_LIMITS },
  googleAssistant: {
    name: 'Google Assistant',
    unavailableReason: 'Google shut down conversational actions for Google Assistant in June 2023.',
    capabilities: {
      textLimit: { max: 200, severity: 'warning', note: 'recommended' },
      content: { gif: 'warning', attachment: 'warning', adaptiveCard: 'warning' },
    },
  },
  skype: {
    name: 'Skype',
    capabilities: { textLimit: { max: 25000, severity: 'error' }, content: { adaptiveCard: 'error' } },
  },
  discord: { name: 'Discord', capabilities: { textLimit: { max: 2000, severity: 'error' } } },
  appleBusinessChat: {
    name: 'Apple Business Chat',
    capabilities: { textLimit: { max: 160, severity: 'error', note: '20000 as iMessage' } },
  },
  groupme: { name: 'GroupMe', capabilities: { content: { gif: 'warning', adaptiveCard: 'warning' } } },
  kik: { name: 'Kik', capabilities: { content: { adaptiveCard: 'warning' } } },
  line: { name: 'Line', capabilities: { content: { adaptiveCard: 'warning' } } },
  wechat: { name: 'WeChat' },
  intercom: { name: 'Intercom' },
  viber: { name: 'Viber' },
  whatsapp: {
    name: 'WhatsApp',
    isHidden: true,
    capabilities: { textLimit: { max: 65536, severity: 'error' } },
  },
  cortana: { name: 'Cortana', isHidden: true, capabilities: { content: { gif: 'error' } } },
  crisp: { name: 'Crisp', isHidden: true },
} as const satisfies Record<string, ChannelDeclaration>;

export type ChannelId = keyof typeof CHANNELS;

/**
 * The channels Parley runs: those whose catalogue entry names a settings dialog. Each is declared
 * once on the server (its platform: plug-in, keys, routes) and once in the web app (its dialog),
 * both in tables typed over this union, so a channel missing either part does not compile.
 */
export type ConnectableChannelId = {
  [C in ChannelId]: (typeof CHANNELS)[C] extends { settingsDialog: SettingsDialog } ? C : never;
}[ChannelId];

/** Connectors to business systems (spec 04 section 9); only Magento and Salesforce Agent have settings. */
export const CONNECTORS = {
  sap: { name: 'SAP' },
  oracle: { name: 'Oracle' },
  dynamics: { name: 'Microsoft Dynamics' },
  uipath: { name: 'UIPath' },
  serviceNow: { name: 'Service Now' },
  workday: { name: 'Workday' },
  powerBi: { name: 'Power BI' },
  salesforce: { name: 'Salesforce' },
  hubspot: { name: 'HubSpot' },
  automationAnywhere: { name: 'Automation Anywhere' },
  bluePrism: { name: 'Blue Prism' },
  jira: { name: 'JIRA' },
  zoho: { name: 'Zoho' },
  office365: { name: 'Office 365' },
  scsm: { name: 'Microsoft SCSM' },
  magento: { name: 'Magento', settingsDialog: 'magento' },
  salesforceAgent: { name: 'Salesforce Agent', settingsDialog: 'salesforceAgent' },
} as const satisfies Record<string, ChannelDeclaration>;

export type ConnectorId = keyof typeof CONNECTORS;

/** The two lists of the Configuration tab that hold connections. */
export const CONNECTION_KINDS = ['channel', 'system'] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];

export const CONNECTION_CATALOGUES: Record<ConnectionKind, Record<string, ChannelDeclaration>> = {
  channel: CHANNELS,
  system: CONNECTORS,
};

export const isChannelId = (id: string): id is ChannelId => Object.hasOwn(CHANNELS, id);
