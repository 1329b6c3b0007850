import {
  CHANNEL_KEYS,
  type ChannelKeysDeclaration,
  type ChannelPlatform,
  type KeyField,
  readKeyPath,
} from '@parley/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Banner, Button, CopyValue, Modal, popup, Select, Spinner, TextField, Toggle } from '../../../ui';
import { SETTINGS_MESSAGES } from '../../bot-settings/settings-messages';
import type { ChannelKeysAnswer } from './channel-keys-api';
import { formValuesOf, type KeysFormValues, keysBodyOf } from './channel-keys-form';
import { keysSaveFailed, useChannelKeys } from './use-channel-keys';
import './channel-keys.css';

export interface ChannelKeysDialogProps {
  botName: string;
  platform: ChannelPlatform;
  title: string;
  description?: ReactNode;
  onClose(): void;
  /** The keys this dialog shows, in order; every key of the declaration unless said. */
  fields?: readonly string[];
  /** The platform's own controls under the form, with the keys as answered. */
  children?: (keys: ChannelKeysAnswer) => ReactNode;
  /** After the keys were saved, with the answer (Slack opens its install page). */
  onSaved?(keys: ChannelKeysAnswer): void;
  saveLabel?: string;
}

function KeyInput({
  name,
  field,
  value,
  error,
  onChange,
}: {
  name: string;
  field: KeyField;
  value: string | boolean;
  error: string | undefined;
  onChange(value: string | boolean): void;
}) {
  switch (field.kind) {
    case 'flag':
      return (
        <Toggle label={field.label} description={field.help} isChecked={value === true} onChange={onChange} />
      );
    case 'choice':
      return (
        <Select
          label={field.label}
          hint={field.help}
          error={error}
          value={String(value)}
          options={(field.choices ?? []).map((choice) => ({ value: choice, label: choice }))}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    default:
      return (
        <TextField
          name={name}
          label={field.label}
          hint={field.help}
          error={error}
          placeholder={field.placeholder}
          value={String(value)}
          type={field.kind === 'secret' ? 'password' : field.kind === 'number' ? 'number' : 'text'}
          autoComplete={field.kind === 'secret' ? 'new-password' : 'off'}
          maxLength={field.maxLength}
          min={field.min}
          max={field.max}
          step={field.step}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}

/**
 * A messaging platform's settings dialog, drawn from its keys declaration (contracts
 * CHANNEL_KEYS; spec 04 sections 3.4, 5 and 7.1): each key as its input, secrets masked as the
 * server answers them (sent back as they are, they stay), the server's shown values (webhook
 * URLs) to copy, checked as the server checks them before 'Save'. The platform's own calls come
 * as children.
 */
export function ChannelKeysDialog({
  botName,
  platform,
  title,
  description,
  onClose,
  fields,
  children,
  onSaved,
  saveLabel = 'Save',
}: ChannelKeysDialogProps) {
  const declaration: ChannelKeysDeclaration = CHANNEL_KEYS[platform];
  const { keys, save } = useChannelKeys(botName, platform);
  const [values, setValues] = useState<KeysFormValues | undefined>(undefined);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The form as last answered: a new answer (a save, a webhook made) replaces only what the user left alone.
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

  const names = fields ?? Object.keys(declaration.fields);
  const isDirty = Boolean(
    keys.data && values && JSON.stringify(values) !== JSON.stringify(formValuesOf(declaration, keys.data)),
  );

  const submit = async () => {
    if (!values) return;
    const checked = keysBodyOf(declaration, values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      const answer = await save.mutateAsync(checked.body);
      // Saved: the form shows the keys as stored now (secrets masked again).
      answered.current = formValuesOf(declaration, answer);
      setValues(answered.current);
      void popup.info({ title: SETTINGS_MESSAGES.saved });
      onSaved?.(answer);
    } catch (error) {
      keysSaveFailed(error);
    }
  };

  const editable = names.filter((name) => declaration.fields[name]?.kind !== 'shown');
  const shown = names.filter((name) => declaration.fields[name]?.kind === 'shown');
  return (
    <Modal
      title={title}
      description={description}
      onClose={onClose}
      isDirty={isDirty}
      size="lg"
      footer={(requestClose) => (
        <>
          <Button variant="secondary" onClick={requestClose}>
            Close
          </Button>
          {declaration.isWritable && editable.length > 0 && (
            <Button onClick={submit} isLoading={save.isPending} disabled={!values}>
              {saveLabel}
            </Button>
          )}
        </>
      )}
    >
      {keys.isPending && <Spinner label={`Loading the ${title} settings`} />}
      {keys.isError && <Banner tone="error">{keys.error.message}</Banner>}
      {keys.data && values && (
        <div className="channel-keys">
          {editable.length > 0 && declaration.isWritable && (
            <form
              className="channel-keys__form"
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
              }}
            >
              {editable.map((name) => (
                <KeyInput
                  key={name}
                  name={name}
                  field={declaration.fields[name] as KeyField}
                  value={values[name] ?? ''}
                  error={errors[name]}
                  onChange={(value) => setValues({ ...values, [name]: value })}
                />
              ))}
              <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
            </form>
          )}
          {shown.map((name) => {
            const value = readKeyPath(keys.data, name);
            return typeof value === 'string' && value !== '' ? (
              <CopyValue key={name} label={declaration.fields[name]?.label ?? name} value={value} />
            ) : null;
          })}
          {children?.(keys.data)}
        </div>
      )}
    </Modal>
  );
}
