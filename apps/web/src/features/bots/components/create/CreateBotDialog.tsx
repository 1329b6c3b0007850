import { BOT_MESSAGES, type BotCreateType, type BotLimitRefusal, MESSAGES } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../../api/api-error';
import { handleApiError } from '../../../../api/error-reactions';
import { Button, Modal, popup } from '../../../../ui';
import { ADMIN_KEYS, isSessionError, serverMessageOf } from '../../../administration';
import { createBot } from '../../api/bots-api';
import { BOT_KEYS } from '../../hooks/bot-query-keys';
import { useBotTemplates } from '../../hooks/use-bots';
import { botPagePath } from '../overview/BotCard';
import { isBotLimitRefusal, reactToBotLimit } from './bot-limit-dialogs';
import { CreateBotFormStep } from './CreateBotFormStep';
import { CreateTypeStep } from './CreateTypeStep';
import {
  type CreateBotErrors,
  type CreateBotField,
  type CreateBotForm,
  emptyCreateBotForm,
  toCreateBotRequest,
  updateCreateBotForm,
  validateCreateBotForm,
} from './create-bot-form';
import './create-bot.css';

const FORM_FIELDS: readonly string[] = [
  'template',
  'name',
  'region',
  'recognizer',
  'language',
  'nluAutomate',
];

interface CreateBotDialogProps {
  /** The caller already agreed to the plan's additional cost for this bot. */
  acceptAdditionalCost: boolean;
  onClose: () => void;
}

/**
 * The create-a-bot dialog: step 1 chooses scratch or template, step 2 the form. The button
 * reads 'Creating...' while the call runs; then the new bot opens (or the address the server
 * names). A failure shows the spec's pop-up and the dialog is ready again.
 */
export function CreateBotDialog({ acceptAdditionalCost, onClose }: CreateBotDialogProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const templates = useBotTemplates();
  const [form, setForm] = useState<CreateBotForm | undefined>();
  const [errors, setErrors] = useState<CreateBotErrors>({});
  const [isCreating, setIsCreating] = useState(false);
  const [hasAcceptedCost, setHasAcceptedCost] = useState(acceptAdditionalCost);

  const choose = (createType: BotCreateType) => setForm(emptyCreateBotForm(createType));
  const change = (patch: Partial<CreateBotForm>) => {
    setForm((current) => current && updateCreateBotForm(current, patch));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as CreateBotField];
      return next;
    });
  };

  /** Refusals over the plan's cap get the cap's dialogs; true when the caller agreed to retry. */
  const reactToLimit = async (refusal: BotLimitRefusal): Promise<boolean> => {
    const shouldRetry = await reactToBotLimit(refusal, onClose);
    if (shouldRetry) setHasAcceptedCost(true);
    return shouldRetry;
  };

  const submit = async (acceptCost = hasAcceptedCost) => {
    if (!form || isCreating) return;
    const problems = validateCreateBotForm(form);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setIsCreating(true);
    try {
      const { bot, url } = await createBot(toCreateBotRequest(form, acceptCost));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: BOT_KEYS.list }),
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.permissions }),
      ]);
      if (url) {
        window.location.assign(url);
        return;
      }
      onClose();
      navigate(botPagePath(bot.botName));
    } catch (error) {
      setIsCreating(false);
      if (isSessionError(error)) return handleApiError(error);
      if (isApiError(error) && error.is('custom_error') && isBotLimitRefusal(error.data.botLimit)) {
        if (await reactToLimit(error.data.botLimit)) await submit(true);
        return;
      }
      if (
        isApiError(error) &&
        error.is('validation_error') &&
        FORM_FIELDS.includes(error.data.fieldName ?? '')
      ) {
        setErrors({ [error.data.fieldName as CreateBotField]: error.message });
      }
      void popup.error({
        title: BOT_MESSAGES.creationFailed(form.name.trim()),
        text: isApiError(error) ? (serverMessageOf(error) ?? '') : MESSAGES.noServerConnection,
      });
    }
  };

  const hasTemplates = (templates.data?.length ?? 0) > 0;
  return (
    <Modal
      title="Create a bot"
      description={form ? undefined : 'How would you like to start?'}
      onClose={onClose}
      isDirty={!!form && form.name.trim() !== ''}
      className="create-bot"
      footer={(requestClose) =>
        form ? (
          <>
            <Button variant="ghost" onClick={() => setForm(undefined)} disabled={isCreating}>
              Back
            </Button>
            <Button variant="secondary" onClick={requestClose} disabled={isCreating}>
              Cancel
            </Button>
            <Button type="submit" form="create-bot-form" isLoading={isCreating}>
              {isCreating ? BOT_MESSAGES.creating : 'Create bot'}
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={requestClose}>
            Cancel
          </Button>
        )
      }
    >
      {form ? (
        <form
          id="create-bot-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <CreateBotFormStep form={form} errors={errors} templates={templates.data ?? []} onChange={change} />
        </form>
      ) : (
        <CreateTypeStep
          hasTemplates={hasTemplates}
          isLoadingTemplates={templates.isPending}
          onChoose={choose}
        />
      )}
    </Modal>
  );
}
