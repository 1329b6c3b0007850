import {
  AVATAR_MAX_BYTES,
  avatarTypeOf,
  type BotDetails,
  GENERAL_SETTINGS_PERMISSION,
  GENERAL_SETTINGS_MESSAGES as M,
} from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/api-error';
import {
  removeBotAvatar,
  type SettingsSaveAction,
  saveGeneralSettings,
  uploadBotAvatar,
} from '../../bot-settings';
import { BOT_KEYS } from '../../bots';
import {
  type GeneralSettingsDraft,
  type GeneralSettingsProblems,
  generalBodyOf,
  generalDraftOf,
  generalProblems,
} from '../general-settings-form';

/** What 'Save settings' will do to the avatar: nothing, put a chosen file, or remove it. */
export type AvatarChange =
  | { kind: 'keep' }
  | { kind: 'new'; file: File; previewUrl: string }
  | { kind: 'remove' };

const KEEP: AvatarChange = { kind: 'keep' };

/** The first problem as the server would answer it, so the frame says 'Error!' with its message. */
const refusalOf = (problems: GeneralSettingsProblems) => {
  const [field, message] = Object.entries(problems)[0] ?? ['body', ''];
  return new ApiError('validation_error', message, 400, { fieldName: field });
};

/**
 * The General Settings tab being edited (spec 04 sections 2.3, 5): the fields and the avatar,
 * saved together by the frame's 'Save settings' (avatar first, then the fields) through the
 * save action this registers while the tab is shown.
 */
export function useGeneralSettingsDraft(
  bot: BotDetails,
  registerSaveAction: (action: SettingsSaveAction | undefined) => void,
) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<GeneralSettingsDraft>();
  const [avatar, setAvatar] = useState<AvatarChange>(KEEP);
  const value = draft ?? generalDraftOf(bot);
  const problems = generalProblems(value);
  // The save reads the latest edits, whatever render registered it.
  const latest = useRef({ value, problems, avatar });
  latest.current = { value, problems, avatar };
  const { botName } = bot;

  useEffect(() => {
    const action: SettingsSaveAction = {
      anyOf: [GENERAL_SETTINGS_PERMISSION],
      save: async () => {
        const { value, problems, avatar } = latest.current;
        if (Object.keys(problems).length > 0) throw refusalOf(problems);
        // The avatar's answer is kept at once: a refusal of the fields after it leaves it saved.
        if (avatar.kind === 'new')
          client.setQueryData(BOT_KEYS.bot(botName), await uploadBotAvatar(botName, avatar.file));
        if (avatar.kind === 'remove')
          client.setQueryData(BOT_KEYS.bot(botName), await removeBotAvatar(botName));
        setAvatar(KEEP);
        const saved = await saveGeneralSettings(botName, generalBodyOf(value));
        client.setQueryData(BOT_KEYS.bot(botName), saved);
        setDraft(undefined);
      },
    };
    registerSaveAction(action);
    return () => registerSaveAction(undefined);
  }, [botName, client, registerSaveAction]);

  // A chosen file's preview lives until it is replaced, saved or the tab closes.
  useEffect(() => {
    if (avatar.kind !== 'new') return;
    return () => URL.revokeObjectURL(avatar.previewUrl);
  }, [avatar]);

  const change = <K extends keyof GeneralSettingsDraft>(field: K, fieldValue: GeneralSettingsDraft[K]) =>
    setDraft({ ...value, [field]: fieldValue });

  /** A chosen file, checked here first; answers the refusal to show, if any. */
  const chooseAvatar = (file: File): string | undefined => {
    if (!avatarTypeOf(file.name)) return M.avatarType;
    if (file.size > AVATAR_MAX_BYTES) return M.avatarTooBig;
    setAvatar({ kind: 'new', file, previewUrl: URL.createObjectURL(file) });
    return undefined;
  };
  const removeAvatar = () => setAvatar({ kind: 'remove' });

  return { value, problems, change, avatar, chooseAvatar, removeAvatar };
}
