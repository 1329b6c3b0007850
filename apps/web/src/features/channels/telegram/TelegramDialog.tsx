import type { ChannelDialogProps } from '../../bot-configuration/components/ChannelDialog';
import { ChannelKeysDialog } from '../keys/ChannelKeysDialog';

/** Telegram's settings (spec 04 sections 3.4 and 7.1). */
export function TelegramDialog({ bot, onClose }: ChannelDialogProps) {
  return (
    <ChannelKeysDialog
      botName={bot.botName}
      platform="telegram"
      title="Telegram"
      description="Answer your users in Telegram through your own Telegram bot."
      onClose={onClose}
    />
  );
}
