import type { ChannelDialogProps } from '../../bot-configuration/components/ChannelDialog';
import { ChannelKeysDialog } from '../keys/ChannelKeysDialog';

/** Facebook Messenger's settings (spec 04 sections 3.4 and 7.1). */
export function FacebookDialog({ bot, onClose }: ChannelDialogProps) {
  return (
    <ChannelKeysDialog
      botName={bot.botName}
      platform="facebook"
      title="Facebook Messenger"
      description="Answer the messages of your Facebook page in Messenger."
      onClose={onClose}
    />
  );
}
