import { z } from 'zod';
import { Permission, type PermissionId } from '../permissions';
import { type ConnectionKind, SETTINGS_DIALOGS, type SettingsDialog } from './channels';
import type { EngineRole } from './engines';

/**
 * The Configuration tab (spec 04 sections 2.3, 3.2, 3.3, 4, 5 and 7):
 * GET/POST /api/bots/{bot}/configuration and POST /api/bots/{bot}/request/{channel|system}.
 */

/** The five states a connection shows (spec 04 section 2.3). */
export const CONNECTION_STATES = [
  'Connected, Enabled',
  'Connected, Disabled',
  'Not connected, Enabled',
  'Not connected, Disabled',
  'Connection requested',
] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/** A channel or connector of the catalogue as one bot sees it (spec 04 section 3.2). */
export interface ConnectionView {
  id: string;
  kind: ConnectionKind;
  name: string;
  /** The name of the small mark the web app draws. */
  icon: string;
  /** The channel's own settings make it work (an API key, a snippet, validated credentials). */
  connected: boolean;
  enabled: boolean;
  /** Added to the bot's list. */
  visible: boolean;
  requested: boolean;
  /** Whether the plan lets the tenant use it; a channel outside the plan is shown disabled. */
  isAllowed: boolean;
  settingsDialog: SettingsDialog | null;
  /** The platform retired it: shown with the reason, never connected. */
  unavailableReason: string | null;
  /** Channels only: open for traffic (connected and enabled). */
  isOpen?: boolean;
  errors?: string[];
  warnings?: string[];
  state: ConnectionState;
}

export interface EngineOptionView {
  provider: string;
  name: string;
  image: string;
  disabled: boolean;
}

/** An engine category (spec 04 section 3.3); selectedProvider null means none. */
export interface EngineCategoryView {
  id: EngineRole;
  name: string;
  options: EngineOptionView[];
  selectedProvider: string | null;
}

export interface BotConfigurationView {
  channels: ConnectionView[];
  systems: ConnectionView[];
  engines: EngineCategoryView[];
  /** The plan's channel rules; null: no limit. The Test Chat never counts. */
  limits: { allowedChannels: string[] | null; maxEnabledChannels: number | null; enabledChannels: number };
}

/** The state a connection shows, derived from its flags (spec 04 sections 2.3 and 4). */
export function connectionState(
  c: Pick<ConnectionView, 'connected' | 'enabled' | 'requested'>,
): ConnectionState {
  if (c.requested && !c.connected) return 'Connection requested';
  return `${c.connected ? 'Connected' : 'Not connected'}, ${c.enabled ? 'Enabled' : 'Disabled'}`;
}

/** Remove is offered unless the connection is connected and enabled (spec 04 section 4). */
export const canRemoveConnection = (c: Pick<ConnectionView, 'connected' | 'enabled'>): boolean =>
  !(c.connected && c.enabled);

/** Request connection: neither connected nor requested, and no settings dialog to connect it with. */
export const canRequestConnection = (
  c: Pick<ConnectionView, 'connected' | 'requested' | 'settingsDialog' | 'unavailableReason'>,
): boolean => !c.connected && !c.requested && c.settingsDialog === null && c.unavailableReason === null;

/** Which permission changes which list (spec 04 section 6). */
export const CONFIGURATION_PERMISSIONS = {
  channel: Permission.ManageChannels,
  system: Permission.ManageConnections,
  engines: Permission.ManageEngines,
} as const satisfies Record<ConnectionKind | 'engines', PermissionId>;

export const CONFIGURATION_MESSAGES = {
  connectionName: 'Bot Connection name must be a valid string',
  unknownChannel: (name: string) => `There is no channel ${name}.`,
  unknownConnector: (name: string) => `There is no connector ${name}.`,
  notAllowed: (name: string) => `Your plan does not include the ${name} channel.`,
  maxChannels: (max: number) =>
    `Your plan allows ${max} enabled channel${max === 1 ? '' : 's'}. Disable another channel first.`,
  unavailable: (name: string, reason: string) => `${name} cannot be connected: ${reason}`,
  notAdded: (name: string) => `${name} is not in the bot's list. Add it first.`,
  alreadyConnected: (name: string) => `${name} is already connected.`,
  alreadyRequested: (name: string) => `A connection of ${name} was already requested.`,
  hasDialog: (name: string) => `${name} is connected through its settings, not by a request.`,
  requestSent: 'Connection request sent successfully',
  /** Not in the spec: a request for a connection added on the tab but not saved yet saves it first. */
  savedWithRequest: (name: string) =>
    `${name} is not saved in the bot's list yet: sending the request saves it there.`,
  languageUnsupported: 'The current NLU does NOT support your language',
  engineUnavailable: (provider: string) => `The engine ${provider} cannot be chosen.`,
  unknownEngineCategory: (id: string) => `There is no engine category ${id}.`,
  requestExplanation: {
    channel:
      'This channel needs a custom integration or third-party services. Send a request and we will get in touch to connect it.',
    system:
      'This connector needs a custom integration and a higher tier. Send a request and we will get in touch to connect it.',
  },
} as const;

const connectionName = z.string({ message: CONFIGURATION_MESSAGES.connectionName }).min(1).max(100);

const connectionChange = z.object({
  name: connectionName,
  /** false removes it from the list; true adds it. */
  visible: z.boolean().optional(),
  enabled: z.boolean().optional(),
});
export type ConnectionChange = z.infer<typeof connectionChange>;

/**
 * POST /api/bots/{bot}/configuration: the changes of the lists (each by name, the catalogue id)
 * and the engine choices. Parts left out are kept; each part needs its permission.
 */
export const botConfigurationBodySchema = z
  .object({
    channels: z.array(connectionChange).max(100).optional(),
    systems: z.array(connectionChange).max(100).optional(),
    engines: z
      .array(z.object({ id: z.string().max(100), selectedProvider: z.string().max(100).nullable() }))
      .max(20)
      .optional(),
  })
  .strict();
export type BotConfigurationBody = z.infer<typeof botConfigurationBodySchema>;

/** POST /api/bots/{bot}/request/{type}: the connection's name. */
export const connectionRequestBodySchema = z.object({ name: connectionName }).strict();
export const connectionRequestTypeSchema = z.enum(['channel', 'system'], {
  message: "The request type must be 'channel' or 'system'.",
});

export const isSettingsDialog = (value: string): value is SettingsDialog =>
  (SETTINGS_DIALOGS as readonly string[]).includes(value);
