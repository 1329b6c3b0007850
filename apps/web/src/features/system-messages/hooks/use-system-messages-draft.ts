import { type BotDetails, GENERAL_SETTINGS_PERMISSION, type SystemMessageKey } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/api-error';
import { type SettingsSaveAction, saveSystemMessages } from '../../bot-settings';
import { BOT_KEYS } from '../../bots';
import {
  type SystemMessagesDraft,
  systemMessageProblems,
  systemMessagesBodyOf,
  systemMessagesDraftOf,
} from '../system-messages-form';

/**
 * The System Messages tab being edited: every language's five messages, saved together by the
 * frame's 'Save settings' through the save action this registers while the tab is shown.
 */
export function useSystemMessagesDraft(
  bot: BotDetails,
  registerSaveAction: (action: SettingsSaveAction | undefined) => void,
) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<SystemMessagesDraft>();
  const value = draft ?? systemMessagesDraftOf(bot);
  const problems = systemMessageProblems(value);
  const latest = useRef({ value, problems });
  latest.current = { value, problems };
  const { botName } = bot;

  useEffect(() => {
    const action: SettingsSaveAction = {
      anyOf: [GENERAL_SETTINGS_PERMISSION],
      save: async () => {
        const { value, problems } = latest.current;
        const [field, message] = Object.entries(problems)[0] ?? [];
        if (field && message) throw new ApiError('validation_error', message, 400, { fieldName: field });
        const saved = await saveSystemMessages(botName, systemMessagesBodyOf(value));
        client.setQueryData(BOT_KEYS.bot(botName), saved);
        setDraft(undefined);
      },
    };
    registerSaveAction(action);
    return () => registerSaveAction(undefined);
  }, [botName, client, registerSaveAction]);

  const change = (language: string, key: SystemMessageKey, text: string) => {
    const messages = value[language];
    if (messages) setDraft({ ...value, [language]: { ...messages, [key]: text } });
  };

  return { value, problems, change };
}
