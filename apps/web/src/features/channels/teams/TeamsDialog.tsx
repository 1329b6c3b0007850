import type { ChannelDialogProps } from '../../bot-configuration/components/ChannelDialog';
import { ChannelKeysDialog } from '../keys/ChannelKeysDialog';

/** Microsoft Teams's settings (spec 04 sections 3.4 and 7.1). */
export function TeamsDialog({ bot, onClose }: ChannelDialogProps) {
  return (
    <ChannelKeysDialog
      botName={bot.botName}
      platform="teams"
      title="Microsoft Teams"
      description="Answer your users in Microsoft Teams through your Azure bot."
      onClose={onClose}
    />
  );
}
