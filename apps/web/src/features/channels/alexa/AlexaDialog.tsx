import type { ChannelDialogProps } from '../../bot-configuration/components/ChannelDialog';
import { ChannelKeysDialog } from '../keys/ChannelKeysDialog';

/** Amazon Alexa's settings (spec 04 sections 3.4 and 7.1). */
export function AlexaDialog({ bot, onClose }: ChannelDialogProps) {
  return (
    <ChannelKeysDialog
      botName={bot.botName}
      platform="amazon"
      title="Amazon Alexa"
      description="Answer your users through your Alexa skill."
      onClose={onClose}
    />
  );
}
