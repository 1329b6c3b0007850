import { CHANNEL_KEYS, type ChannelKeysDeclaration, type ChannelPlatform } from '@parley/contracts';
import { type SetStateAction, useEffect, useRef, useState } from 'react';
import { popup } from '../../../ui';
import { SETTINGS_MESSAGES } from '../../bot-settings';
import type { ChannelKeysAnswer } from './channel-keys-api';
import { formValuesOf, type KeysFormValues, keysBodyOf, type RequiredKeys } from './channel-keys-form';
import { keysSaveFailed, useChannelKeys } from './use-channel-keys';

/**
 * A platform's keys as a form: the values shown (a new answer, such as a webhook made, replaces
 * only what the user left alone), each field's error as the server would say it, and Save: checked
 * first (with the keys the save cannot do without), then 'Saved!' with the keys as stored
 * (secrets masked again), or the platform's refusal.
 */
export function useChannelKeysForm(
  botName: string,
  platform: ChannelPlatform,
  onSaved?: (keys: ChannelKeysAnswer) => void,
  required?: RequiredKeys,
) {
  const declaration: ChannelKeysDeclaration = CHANNEL_KEYS[platform];
  const { keys, save } = useChannelKeys(botName, platform);
  const [values, setValues] = useState<KeysFormValues | undefined>(undefined);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The form as last answered: what differs from it, the user typed.
  const answered = useRef<KeysFormValues | undefined>(undefined);
  useEffect(() => {
    if (!keys.data) return;
    const fresh = formValuesOf(declaration, keys.data);
    const before = answered.current;
    answered.current = fresh;
    setValues((shown) =>
      shown && before
        ? Object.fromEntries(
            Object.entries(fresh).map(([name, value]) => {
              const mine = shown[name];
              return [name, mine !== undefined && mine !== before[name] ? mine : value];
            }),
          )
        : fresh,
    );
  }, [keys.data, declaration]);

  const isDirty = Boolean(
    keys.data && values && JSON.stringify(values) !== JSON.stringify(formValuesOf(declaration, keys.data)),
  );
  const update = (change: SetStateAction<KeysFormValues>) =>
    setValues((shown) => shown && (typeof change === 'function' ? change(shown) : change));

  const submit = async () => {
    if (!values) return;
    const checked = keysBodyOf(declaration, values, required);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      const answer = await save.mutateAsync(checked.body);
      answered.current = formValuesOf(declaration, answer);
      setValues(answered.current);
      void popup.info({ title: SETTINGS_MESSAGES.saved });
      onSaved?.(answer);
    } catch (error) {
      keysSaveFailed(error);
    }
  };

  return { declaration, keys, values, errors, isDirty, update, submit, isSaving: save.isPending };
}
