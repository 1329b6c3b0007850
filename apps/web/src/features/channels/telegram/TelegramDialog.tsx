import type { ChannelDialogProps } from '../../bot-configuration';
import { ChannelKeysDialog } from '../keys/ChannelKeysDialog';
import type { ChannelKeysAnswer } from '../keys/channel-keys-api';

/** Spec 04 section 4: connected once Telegram accepted the token and the webhook (isValidated). */
function TelegramConnectionState({ keys }: { keys: ChannelKeysAnswer }) {
  const isConnected = keys.isValidated === true;
  return (
    <div role="status">
      <p className="channel-keys__state">Status: {isConnected ? 'Connected' : 'Disconnected'}</p>
      {!isConnected && (
        <p>
          Save the access token @BotFather gave your bot: Parley checks it with Telegram and has Telegram send
          your bot's messages here.
        </p>
      )}
    </div>
  );
}

/** Telegram's settings (spec 04 sections 3.4, 4 and 7.1): the bot's token, and whether it connects. */
export function TelegramDialog({ bot, onClose }: ChannelDialogProps) {
  return (
    <ChannelKeysDialog
      botName={bot.botName}
      platform="telegram"
      title="Telegram"
      description="Answer your users in Telegram through your own Telegram bot."
      fields={['accessToken']}
      onClose={onClose}
    >
      {(keys) => <TelegramConnectionState keys={keys} />}
    </ChannelKeysDialog>
  );
}
