import type { BotDetails, ConnectableChannelId, ConnectionView } from '@parley/contracts';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { Spinner } from '../../../ui';
import type { SettingsTabId } from '../../bot-settings';
import {
  loadAlexaDialog,
  loadExternalApiDialog,
  loadFacebookDialog,
  loadMailDialog,
  loadSlackDialog,
  loadTeamsDialog,
  loadTelegramDialog,
  loadTwilioMessagesDialog,
  loadTwilioVoiceDialog,
} from '../../channels';
import { GenericConnectionDialog } from './GenericConnectionDialog';

export interface ChannelDialogProps {
  bot: BotDetails;
  connection: ConnectionView;
  onClose(): void;
}

/** One channel's dialog, loaded when it is opened (each is its own chunk). */
const dialog = <P extends ChannelDialogProps>(load: () => Promise<ComponentType<P>>) => ({
  dialog: lazy(async () => ({ default: await load() })),
});

/** What opening a channel Parley runs shows: its settings dialog, or a tab of the bot's settings. */
type ChannelSettings =
  | { dialog: LazyExoticComponent<ComponentType<ChannelDialogProps>> }
  | { settingsTab: SettingsTabId };

/**
 * Every channel Parley runs, by its catalogue id: the web app's part of its declaration (the
 * server's is its platform, apps/server/src/channels/channel-platforms.ts). Typed over every
 * catalogue channel with a settings dialog, so a channel without its dialog does not compile.
 * A connection not here (not run, or a connector) opens the generic dialog.
 */
const CHANNEL_SETTINGS = {
  chatBubble: { settingsTab: 'bubble' },
  api: {
    dialog: lazy(() =>
      loadExternalApiDialog().then((ExternalApiDialog) => ({
        default: ({ bot, onClose }: ChannelDialogProps) => <ExternalApiDialog bot={bot} onClose={onClose} />,
      })),
    ),
  },
  telegram: dialog(loadTelegramDialog),
  slack: dialog(loadSlackDialog),
  teams: dialog(loadTeamsDialog),
  facebook: dialog(loadFacebookDialog),
  twilio: dialog(loadTwilioMessagesDialog),
  twilioVoice: dialog(loadTwilioVoiceDialog),
  mail: dialog(loadMailDialog),
  alexa: dialog(loadAlexaDialog),
} satisfies Record<ConnectableChannelId, ChannelSettings>;

/** The settings of a connection the server runs (it names a settings dialog only for those). */
function channelSettingsOf(connection: ConnectionView): ChannelSettings | undefined {
  if (connection.kind !== 'channel' || !connection.settingsDialog) return undefined;
  const settings: Partial<Record<string, ChannelSettings>> = CHANNEL_SETTINGS;
  return Object.hasOwn(settings, connection.id) ? settings[connection.id] : undefined;
}

/** The tab of the bot's settings a connection opens instead of a dialog (the Chat Bubble's), if any. */
export function settingsTabOf(connection: ConnectionView): SettingsTabId | undefined {
  const settings = channelSettingsOf(connection);
  return settings && 'settingsTab' in settings ? settings.settingsTab : undefined;
}

export function ChannelDialog(props: ChannelDialogProps) {
  const settings = channelSettingsOf(props.connection);
  const Dialog = settings && 'dialog' in settings ? settings.dialog : undefined;
  if (!Dialog) return <GenericConnectionDialog connection={props.connection} onClose={props.onClose} />;
  return (
    <Suspense fallback={<Spinner label={`Loading the ${props.connection.name} settings`} />}>
      <Dialog {...props} />
    </Suspense>
  );
}
