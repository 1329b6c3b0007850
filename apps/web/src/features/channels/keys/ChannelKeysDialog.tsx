import { type ChannelPlatform, type KeyField, readKeyPath } from '@parley/contracts';
import type { ReactNode } from 'react';
import { Banner, Button, CopyValue, Modal, Select, Spinner, TextField, Toggle } from '../../../ui';
import type { ChannelKeysAnswer } from './channel-keys-api';
import type { RequiredKeys } from './channel-keys-form';
import './channel-keys.css';
import { useChannelKeysForm } from './use-channel-keys-form';

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
  /** Keys the save cannot do without ('Enable teams' needs the app id and password). */
  required?: RequiredKeys;
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
  required,
}: ChannelKeysDialogProps) {
  const { declaration, keys, values, errors, isDirty, update, submit, isSaving } = useChannelKeysForm(
    botName,
    platform,
    onSaved,
    required,
  );
  const names = fields ?? Object.keys(declaration.fields);

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
            <Button onClick={submit} isLoading={isSaving} disabled={!values}>
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
                  onChange={(value) => update((shown) => ({ ...shown, [name]: value }))}
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
