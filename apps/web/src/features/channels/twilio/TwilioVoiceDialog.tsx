import {
  type KeyField,
  TWILIO_KEYS,
  TWILIO_OPTIONS_MESSAGE_SUGGESTIONS,
  TWILIO_SPEECH_TO_TEXT_LANGUAGES,
  TWILIO_TEXT_TO_SPEECH_LANGUAGES,
} from '@parley/contracts';
import { useId } from 'react';
import { Banner, Button, CopyValue, Modal, Select, Spinner, TextField } from '../../../ui';
import type { ChannelDialogProps } from '../../bot-configuration';
import '../keys/channel-keys.css';
import { useChannelKeysForm } from '../keys/use-channel-keys-form';
import { TwilioWebhookActions } from './TwilioWebhookActions';
import { gatherTypeOptions, voiceForLanguage, voiceOptions } from './twilio-voice-choices';

const fieldOf = (name: keyof typeof TWILIO_KEYS.fields): KeyField => TWILIO_KEYS.fields[name];
const languageOptions = (languages: readonly string[]) =>
  languages.map((language) => ({ value: language, label: language }));

/**
 * Twilio Voice's settings (spec 04 sections 3.4, 4, 5, 7.1 and 9): the Twilio account, the voice
 * and its language (only the voices that speak the chosen language can be picked), the speech
 * recognition language, the speech and keypad timeouts (0 to 60 seconds, 0 meaning the maximum),
 * the timeout message, how options are gathered and the word they are read with ('digit' or
 * 'option' suggested), and the voice webhook to generate, change or delete.
 */
export function TwilioVoiceDialog({ bot, onClose }: ChannelDialogProps) {
  const { keys, values, errors, isDirty, update, submit, isSaving } = useChannelKeysForm(
    bot.botName,
    'twilio',
  );
  const suggestionsId = useId();
  const text = (name: string) => String(values?.[name] ?? '');
  const set = (name: string, value: string) => update((current) => ({ ...current, [name]: value }));
  // Only the voices that speak the language can be picked: a voice that does not becomes one that does.
  const setLanguage = (language: string) =>
    update((current) => ({
      ...current,
      textToSpeechLanguage: language,
      voice: voiceForLanguage(String(current.voice ?? ''), language),
    }));

  const input = (name: keyof typeof TWILIO_KEYS.fields, extra: { type?: string; list?: string } = {}) => {
    const field = fieldOf(name);
    return (
      <TextField
        name={name}
        label={field.label}
        hint={field.help}
        error={errors[name]}
        placeholder={field.placeholder}
        value={text(name)}
        type={extra.type ?? (field.kind === 'number' ? 'number' : 'text')}
        autoComplete={field.kind === 'secret' ? 'new-password' : 'off'}
        maxLength={field.maxLength}
        min={field.min}
        max={field.max}
        list={extra.list}
        onChange={(event) => set(name, event.target.value)}
      />
    );
  };

  const webhookUrl = keys.data?.webhookUrl;
  return (
    <Modal
      title="Twilio Voice"
      description="Answer phone calls through your Twilio account. Save the account's SID and auth token, generate the webhook and enter it on your number in Twilio as 'A call comes in'."
      onClose={onClose}
      isDirty={isDirty}
      size="lg"
      footer={(requestClose) => (
        <>
          <Button variant="secondary" onClick={requestClose}>
            Close
          </Button>
          <Button onClick={submit} isLoading={isSaving} disabled={!values}>
            Save
          </Button>
        </>
      )}
    >
      {keys.isPending && <Spinner label="Loading the Twilio Voice settings" />}
      {keys.isError && <Banner tone="error">{keys.error.message}</Banner>}
      {keys.data && values && (
        <div className="channel-keys">
          <form
            className="channel-keys__form"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            {input('accountSid')}
            {input('authToken', { type: 'password' })}
            <Select
              label={fieldOf('textToSpeechLanguage').label}
              error={errors.textToSpeechLanguage}
              value={text('textToSpeechLanguage')}
              options={languageOptions(TWILIO_TEXT_TO_SPEECH_LANGUAGES)}
              onChange={(event) => setLanguage(event.target.value)}
            />
            <Select
              label={fieldOf('voice').label}
              hint={fieldOf('voice').help}
              error={errors.voice}
              value={text('voice')}
              options={voiceOptions(text('textToSpeechLanguage'))}
              onChange={(event) => set('voice', event.target.value)}
            />
            <Select
              label={fieldOf('speechToTextLanguage').label}
              error={errors.speechToTextLanguage}
              value={text('speechToTextLanguage')}
              options={languageOptions(TWILIO_SPEECH_TO_TEXT_LANGUAGES)}
              onChange={(event) => set('speechToTextLanguage', event.target.value)}
            />
            {input('speechTimeout')}
            {input('buttonTimeout')}
            {input('timeoutMessage')}
            <Select
              label={fieldOf('optionsGatherType').label}
              hint="How callers answer options: with their keypad, by speaking, or either."
              error={errors.optionsGatherType}
              value={text('optionsGatherType')}
              options={gatherTypeOptions()}
              onChange={(event) => set('optionsGatherType', event.target.value)}
            />
            {input('optionsMessage', { list: suggestionsId })}
            <datalist id={suggestionsId}>
              {TWILIO_OPTIONS_MESSAGE_SUGGESTIONS.map((word) => (
                <option key={word} value={word} />
              ))}
            </datalist>
            <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
          </form>
          {typeof webhookUrl === 'string' && webhookUrl !== '' && (
            <CopyValue label={fieldOf('webhookUrl').label} value={webhookUrl} />
          )}
          <TwilioWebhookActions botName={bot.botName} type="voice" keys={keys.data} />
        </div>
      )}
    </Modal>
  );
}
