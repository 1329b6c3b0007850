/**
 * What each channel can show (spec 03 section 9), declared once: the flow editor's
 * channel-restrictions indicator reads it, and the channel plug-ins will declare themselves
 * from it. A channel not listed shows everything.
 */
export type Severity = 'error' | 'warning';
export type ContentKind = 'gif' | 'attachment' | 'adaptiveCard';

export interface ChannelCapabilities {
  name: string;
  /** Characters per message; the limit is broken when a text's length reaches it. */
  textLimit?: { max: number; severity: Severity; note?: string };
  /** The most options one message may show. */
  maxOptions?: number;
  /** Content the channel shows badly (warning) or not at all (error). */
  content?: Partial<Record<ContentKind, Severity>>;
}

export const CHANNEL_CAPABILITIES = {
  skype: { name: 'Skype', textLimit: { max: 25000, severity: 'error' }, content: { adaptiveCard: 'error' } },
  discord: { name: 'Discord', textLimit: { max: 2000, severity: 'error' } },
  slack: {
    name: 'Slack',
    textLimit: { max: 45000, severity: 'error' },
    content: { adaptiveCard: 'warning' },
  },
  twilio: {
    name: 'Twilio SMS',
    textLimit: { max: 1600, severity: 'error' },
    maxOptions: 10,
    content: { gif: 'warning', attachment: 'warning', adaptiveCard: 'warning' },
  },
  appleBusinessChat: {
    name: 'Apple Business Chat',
    textLimit: { max: 160, severity: 'error', note: '20000 as iMessage' },
  },
  whatsapp: { name: 'WhatsApp', textLimit: { max: 65536, severity: 'error' } },
  facebook: {
    name: 'Facebook',
    textLimit: { max: 63206, severity: 'error' },
    content: { adaptiveCard: 'warning' },
  },
  googleAssistant: {
    name: 'Google Assistant',
    textLimit: { max: 200, severity: 'warning', note: 'recommended' },
    content: { gif: 'warning', attachment: 'warning', adaptiveCard: 'warning' },
  },
  groupme: { name: 'GroupMe', content: { gif: 'warning', adaptiveCard: 'warning' } },
  cortana: { name: 'Cortana', content: { gif: 'error' } },
  kik: { name: 'Kik', content: { adaptiveCard: 'warning' } },
  line: { name: 'Line', content: { adaptiveCard: 'warning' } },
  telegram: { name: 'Telegram', content: { adaptiveCard: 'warning' } },
} as const satisfies Record<string, ChannelCapabilities>;

export type RestrictedChannel = keyof typeof CHANNEL_CAPABILITIES;

export const CONTENT_NAMES: Record<ContentKind, string> = {
  gif: 'images',
  attachment: 'attachments',
  adaptiveCard: 'adaptive cards',
};
