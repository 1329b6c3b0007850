import type { ChannelDialogProps } from '../../bot-configuration';
import { ChannelKeysDialog } from '../keys/ChannelKeysDialog';
import { TwilioWebhookActions } from './TwilioWebhookActions';

/** The Twilio keys Messages uses (spec 04 section 3.4): the account's, the numbers, the timeout, handover alerts. */
const MESSAGES_FIELDS = [
  'accountSid',
  'authToken',
  'smsNumber',
  'whatsAppNumber',
  'messagesTimeout',
  'handoverNumbers',
  'messagesWebhookUrl',
];

/**
 * Twilio Messages' settings (spec 04 sections 3.4, 4 and 7.1): the Twilio account, the SMS and
 * WhatsApp numbers, the conversation timeout, the handover alert numbers, and the messages
 * webhook to enter on the numbers in Twilio: generated, changed or deleted here.
 */
export function TwilioMessagesDialog({ bot, onClose }: ChannelDialogProps) {
  return (
    <ChannelKeysDialog
      botName={bot.botName}
      platform="twilio"
      title="Twilio SMS and WhatsApp"
      description="Answer SMS and WhatsApp messages through your Twilio account. Save the account's SID and auth token (Parley checks them with Twilio), generate the webhook and enter it on your numbers in Twilio as 'A message comes in'."
      onClose={onClose}
      fields={MESSAGES_FIELDS}
    >
      {(keys) => <TwilioWebhookActions botName={bot.botName} type="messages" keys={keys} />}
    </ChannelKeysDialog>
  );
}
