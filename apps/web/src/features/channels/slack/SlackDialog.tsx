import type { ChannelDialogProps } from '../../bot-configuration/components/ChannelDialog';
import { ChannelKeysDialog } from '../keys/ChannelKeysDialog';

/** Slack's settings (spec 04 sections 3.4 and 7.1). */
export function SlackDialog({ bot, onClose }: ChannelDialogProps) {
  return (
    <ChannelKeysDialog
      botName={bot.botName}
      platform="slack"
      title="Slack"
      description="Answer your users in Slack through your Slack app."
      onClose={onClose}
    />
  );
}
