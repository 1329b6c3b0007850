import type { ChannelDialogProps } from '../../bot-configuration/components/ChannelDialog';
import { ChannelKeysDialog } from '../keys/ChannelKeysDialog';

/** The keys Twilio Messages uses of the account's (SMS and WhatsApp). */
const MESSAGES_FIELDS = [
  'accountSid',
  'authToken',
  'smsNumber',
  'whatsAppNumber',
  'messagesTimeout',
  'messagesWebhookUrl',
];

/** Twilio Messages' settings (spec 04 sections 3.4 and 7.1). */
export function TwilioMessagesDialog({ bot, onClose }: ChannelDialogProps) {
  return (
    <ChannelKeysDialog
      botName={bot.botName}
      platform="twilio"
      title="Twilio Messages"
      description="Answer SMS and WhatsApp messages through your Twilio account."
      onClose={onClose}
      fields={MESSAGES_FIELDS}
    />
  );
}
