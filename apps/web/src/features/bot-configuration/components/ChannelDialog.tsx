import type { BotDetails, ConnectionView, SettingsDialog } from '@parley/contracts';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { Spinner } from '../../../ui';
import { GenericConnectionDialog } from './GenericConnectionDialog';

export interface ChannelDialogProps {
  bot: BotDetails;
  connection: ConnectionView;
  onClose(): void;
}

/**
 * The settings dialog of each channel Parley runs, by the dialog its catalogue entry names;
 * each is its own chunk. A connection without one here opens the generic dialog.
 */
/** One channel's dialog, loaded when it is opened. */
const dialog = <P extends ChannelDialogProps>(load: () => Promise<ComponentType<P>>) =>
  lazy(async () => ({ default: await load() }));

const CHANNEL_DIALOGS = {
  api: lazy(() =>
    import('../../channels/api/ExternalApiDialog').then(({ ExternalApiDialog }) => ({
      default: ({ bot, onClose }: ChannelDialogProps) => <ExternalApiDialog bot={bot} onClose={onClose} />,
    })),
  ),
  telegram: dialog(() => import('../../channels/telegram/TelegramDialog').then((m) => m.TelegramDialog)),
  slack: dialog(() => import('../../channels/slack/SlackDialog').then((m) => m.SlackDialog)),
  teams: dialog(() => import('../../channels/teams/TeamsDialog').then((m) => m.TeamsDialog)),
  facebook: dialog(() => import('../../channels/facebook/FacebookDialog').then((m) => m.FacebookDialog)),
  twilioMessages: dialog(() =>
    import('../../channels/twilio/TwilioMessagesDialog').then((m) => m.TwilioMessagesDialog),
  ),
  twilioVoice: dialog(() =>
    import('../../channels/twilio/TwilioVoiceDialog').then((m) => m.TwilioVoiceDialog),
  ),
  mail: dialog(() => import('../../channels/mail/MailDialog').then((m) => m.MailDialog)),
  alexa: dialog(() => import('../../channels/alexa/AlexaDialog').then((m) => m.AlexaDialog)),
} satisfies Partial<Record<SettingsDialog, LazyExoticComponent<ComponentType<ChannelDialogProps>>>>;

export function ChannelDialog(props: ChannelDialogProps) {
  const dialogs: Partial<Record<SettingsDialog, LazyExoticComponent<ComponentType<ChannelDialogProps>>>> =
    CHANNEL_DIALOGS;
  const Dialog = props.connection.settingsDialog ? dialogs[props.connection.settingsDialog] : undefined;
  if (!Dialog) return <GenericConnectionDialog connection={props.connection} onClose={props.onClose} />;
  return (
    <Suspense fallback={<Spinner label={`Loading the ${props.connection.name} settings`} />}>
      <Dialog {...props} />
    </Suspense>
  );
}
