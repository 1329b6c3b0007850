import type { ChannelDialogProps } from '../../bot-configuration/components/ChannelDialog';
import { ChannelKeysDialog } from '../keys/ChannelKeysDialog';

/** Office 365 / Email's settings (spec 04 sections 3.4 and 7.1). */
export function MailDialog({ bot, onClose }: ChannelDialogProps) {
  return (
    <ChannelKeysDialog
      botName={bot.botName}
      platform="mail"
      title="Office 365 / Email"
      description="Answer e-mails sent to your mailbox."
      onClose={onClose}
    />
  );
}
