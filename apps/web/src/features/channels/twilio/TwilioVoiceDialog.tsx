import type { ChannelDialogProps } from '../../bot-configuration/components/ChannelDialog';
import { ChannelKeysDialog } from '../keys/ChannelKeysDialog';

/** The keys Twilio Voice uses of the account's. */
const VOICE_FIELDS = [
  'accountSid',
  'authToken',
  'voice',
  'textToSpeechLanguage',
  'speechToTextLanguage',
  'speechTimeout',
  'buttonTimeout',
  'timeoutMessage',
  'optionsGatherType',
  'optionsMessage',
  'webhookUrl',
];

/** Twilio Voice's settings (spec 04 sections 3.4 and 7.1). */
export function TwilioVoiceDialog({ bot, onClose }: ChannelDialogProps) {
  return (
    <ChannelKeysDialog
      botName={bot.botName}
      platform="twilio"
      title="Twilio Voice"
      description="Answer phone calls through your Twilio account."
      onClose={onClose}
      fields={VOICE_FIELDS}
    />
  );
}
