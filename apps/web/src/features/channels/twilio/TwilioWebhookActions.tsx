import { MESSAGES } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../../../api/api-error';
import { handleApiError } from '../../../api/error-reactions';
import { Button, popup } from '../../../ui';
import type { ChannelKeysAnswer } from '../keys/channel-keys-api';
import { useChannelKeys } from '../keys/use-channel-keys';
import { deleteTwilioWebhook, generateTwilioWebhook, type TwilioWebhookType } from './twilio-webhook-api';

export const TWILIO_WEBHOOK_TEXTS = {
  generate: 'Generate webhook',
  change: 'Change webhook',
  delete: 'Delete webhook',
  changeQuestion: 'Change the webhook?',
  changeText:
    'Parley makes new voice and messages webhook URLs, and the current ones stop working at once. Enter the new URLs on your Twilio numbers.',
  deleteQuestion: 'Delete the webhook?',
  deleteText:
    'This clears all the Twilio settings of this bot (account, numbers, voice settings and both webhooks). Twilio Voice, SMS and WhatsApp stop answering.',
  deleted: 'Deleted!',
  success: 'Success!',
} as const;

const failed = (error: unknown) => {
  if (isApiError(error) && error.status === 403) return handleApiError(error);
  void popup.error({
    title: MESSAGES.errorTitle,
    ...(isApiError(error) && error.message ? { text: error.message } : {}),
  });
};

/**
 * Twilio's webhook (spec 04 section 4): 'Generate webhook' while there is none; then 'Change
 * webhook' (new URLs, the old ones stop working) and 'Delete webhook' (all the Twilio keys go),
 * each asked first.
 */
export function TwilioWebhookActions({
  botName,
  type,
  keys,
}: {
  botName: string;
  type: TwilioWebhookType;
  keys: ChannelKeysAnswer;
}) {
  const { accept } = useChannelKeys(botName, 'twilio');
  // Each says itself why it failed (`failed`), so the global handler stays quiet.
  const generate = useMutation({
    mutationFn: () => generateTwilioWebhook(botName, type),
    onSuccess: accept,
    meta: { handlesErrors: true },
  });
  const remove = useMutation({
    mutationFn: () => deleteTwilioWebhook(botName, type),
    onSuccess: accept,
    meta: { handlesErrors: true },
  });
  const url = type === 'voice' ? keys.webhookUrl : keys.messagesWebhookUrl;
  const hasWebhook = typeof url === 'string' && url !== '';

  const onGenerate = async () => {
    if (
      hasWebhook &&
      !(await popup.confirm({
        title: TWILIO_WEBHOOK_TEXTS.changeQuestion,
        text: TWILIO_WEBHOOK_TEXTS.changeText,
        actionText: TWILIO_WEBHOOK_TEXTS.change,
      }))
    )
      return;
    try {
      await generate.mutateAsync();
      void popup.info({ title: TWILIO_WEBHOOK_TEXTS.success });
    } catch (error) {
      failed(error);
    }
  };
  const onDelete = async () => {
    const isSure = await popup.confirm({
      title: TWILIO_WEBHOOK_TEXTS.deleteQuestion,
      text: TWILIO_WEBHOOK_TEXTS.deleteText,
      actionText: TWILIO_WEBHOOK_TEXTS.delete,
      isDanger: true,
    });
    if (!isSure) return;
    try {
      await remove.mutateAsync();
      void popup.info({ title: TWILIO_WEBHOOK_TEXTS.deleted });
    } catch (error) {
      failed(error);
    }
  };

  return (
    <div className="channel-keys__actions">
      <Button
        variant={hasWebhook ? 'secondary' : 'primary'}
        onClick={onGenerate}
        isLoading={generate.isPending}
      >
        {hasWebhook ? TWILIO_WEBHOOK_TEXTS.change : TWILIO_WEBHOOK_TEXTS.generate}
      </Button>
      {hasWebhook && (
        <Button variant="danger" onClick={onDelete} isLoading={remove.isPending}>
          {TWILIO_WEBHOOK_TEXTS.delete}
        </Button>
      )}
    </div>
  );
}
