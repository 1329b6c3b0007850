import {
  SNIPPET_MESSAGES as M,
  SNIPPET_CHAT_SCREENS,
  SNIPPET_ICON_ACCEPT,
  SNIPPET_LIMITS,
  SNIPPET_POSITIONS,
  type SnippetBaseUrl,
  type SnippetIconKind,
  type SnippetView,
} from '@parley/contracts';
import { useRef, useState } from 'react';
import { isApiError } from '../../../api/api-error';
import { handleApiError } from '../../../api/error-reactions';
import {
  Button,
  Card,
  CopyIcon,
  PencilIcon,
  PlusIcon,
  popup,
  Select,
  TextField,
  Toggle,
  TrashIcon,
  UploadIcon,
} from '../../../ui';
import { TextAreaField } from '../../bot-content';
import {
  deleteSnippet,
  removeSnippetIcon,
  renameSnippet,
  snippetIconUrl,
  updateSnippet,
  uploadSnippetIcon,
} from '../api/snippets-api';
import { draftOf, draftProblems, embedCodeOf, iconFileProblem, type SnippetDraft } from '../snippet-form';

interface SnippetEditorProps {
  botName: string;
  snippet: SnippetView;
  base: SnippetBaseUrl | undefined;
  canManage: boolean;
  /** The snippet as the server answered after a change (undefined: deleted), under its name before. */
  onChanged(before: string, after: SnippetView | undefined): void;
}

const POSITION_LABELS: Record<(typeof SNIPPET_POSITIONS)[number], string> = {
  'top-center': 'Top center',
  'top-left': 'Top left',
  'top-right': 'Top right',
  'center-center': 'Center',
  'bottom-left': 'Bottom left',
  'bottom-right': 'Bottom right',
  'bottom-center': 'Bottom center',
};

const ICONS: Array<{ kind: SnippetIconKind; label: string; setting: 'avatar' | 'bubbleIcon' }> = [
  { kind: 'avatar', label: 'Avatar', setting: 'avatar' },
  { kind: 'bubble-icon', label: 'Bubble icon', setting: 'bubbleIcon' },
];

/** One snippet: its settings, origins, popup messages, icons, embed code, rename and delete. */
export function SnippetEditor({ botName, snippet, base, canManage, onChanged }: SnippetEditorProps) {
  const [draft, setDraft] = useState<SnippetDraft>(() => draftOf(snippet));
  const [isSaving, setSaving] = useState(false);
  const [newName, setNewName] = useState<string | undefined>(undefined);
  const problems = draftProblems(draft);
  const readOnly = !canManage;
  const settings = draft.settings;
  const set = <K extends keyof SnippetDraft['settings']>(key: K, value: SnippetDraft['settings'][K]) =>
    setDraft((d) => ({ ...d, settings: { ...d.settings, [key]: value } }));
  const id = `snippet-${snippet.token}`;

  const failed = (title: string) => (error: unknown) => {
    if (isApiError(error) && (error.status === 403 || error.code === 'permission_error'))
      handleApiError(error);
    else if (isApiError(error)) void popup.error({ title, text: error.message });
    else handleApiError(error);
  };

  async function save() {
    setSaving(true);
    try {
      const saved = await updateSnippet(botName, snippet.name, {
        description: draft.description,
        allowedOrigins: draft.allowedOrigins.map((o) => o.trim()),
        settings: draft.settings,
      });
      onChanged(snippet.name, saved);
      setDraft(draftOf(saved));
      void popup.info({ title: M.saved });
    } catch (error) {
      failed('Error!')(error);
    } finally {
      setSaving(false);
    }
  }

  async function rename(to: string) {
    try {
      onChanged(snippet.name, await renameSnippet(botName, snippet.name, to.trim()));
      setNewName(undefined);
    } catch (error) {
      failed('Error!')(error);
    }
  }

  async function remove() {
    const isSure = await popup.confirm({
      title: M.confirmDelete,
      text: `${snippet.name}: pages with its embed code will no longer show the chat.`,
      actionText: 'Delete',
      isDanger: true,
    });
    if (!isSure) return;
    try {
      await deleteSnippet(botName, snippet.name);
      onChanged(snippet.name, undefined);
    } catch (error) {
      failed(M.deleteFailed)(error);
    }
  }

  async function uploadIcon(kind: SnippetIconKind, file: File) {
    const refusal = iconFileProblem(file);
    if (refusal) {
      void popup.error({ title: 'Error!', text: refusal });
      return;
    }
    try {
      onChanged(snippet.name, await uploadSnippetIcon(botName, snippet.name, kind, file));
    } catch (error) {
      failed('Error!')(error);
    }
  }

  async function removeIcon(kind: SnippetIconKind) {
    try {
      onChanged(snippet.name, await removeSnippetIcon(botName, snippet.name, kind));
    } catch (error) {
      failed('Error!')(error);
    }
  }

  const embedCode = base && embedCodeOf(snippet, base);
  const hasProblems = Object.keys(problems).length > 0;

  return (
    <Card
      className="chat-bubble__snippet"
      aria-labelledby={`${id}-title`}
      title={<span id={`${id}-title`}>{snippet.name}</span>}
      description={`Version ${snippet.version}`}
      actions={
        canManage && (
          <>
            <Button variant="ghost" size="sm" icon={<PencilIcon />} onClick={() => setNewName(snippet.name)}>
              Rename
            </Button>
            <Button variant="ghost" size="sm" icon={<TrashIcon />} onClick={() => void remove()}>
              Delete
            </Button>
          </>
        )
      }
    >
      {newName !== undefined && (
        <form
          className="chat-bubble__rename"
          aria-label={`Rename ${snippet.name}`}
          onSubmit={(event) => {
            event.preventDefault();
            if (newName.trim() !== '') void rename(newName);
          }}
        >
          <TextField
            label="New name"
            value={newName}
            maxLength={SNIPPET_LIMITS.nameMaxLength}
            autoFocus
            onChange={(e) => setNewName(e.target.value)}
          />
          <Button type="submit" size="sm" disabled={newName.trim() === ''}>
            Save name
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setNewName(undefined)}>
            Cancel
          </Button>
        </form>
      )}

      <div className="chat-bubble__grid">
        <TextAreaField
          label="Description"
          value={draft.description}
          disabled={readOnly}
          rows={2}
          maxLength={SNIPPET_LIMITS.descriptionMaxLength}
          onChange={(e) => setDraft((d) => ({ ...d, description: e.target.value }))}
        />
        <TextField
          label="Title"
          hint="The heading of the chat window."
          value={settings.title}
          disabled={readOnly}
          maxLength={SNIPPET_LIMITS.titleMaxLength}
          onChange={(e) => set('title', e.target.value)}
        />
        <Select
          label="Position"
          value={settings.position}
          disabled={readOnly}
          options={SNIPPET_POSITIONS.map((p) => ({ value: p, label: POSITION_LABELS[p] }))}
          onChange={(e) => set('position', e.target.value as (typeof SNIPPET_POSITIONS)[number])}
        />
        <Select
          label="Default chat screen"
          value={settings.defaultChatScreen}
          disabled={readOnly}
          options={SNIPPET_CHAT_SCREENS.map((s) => ({ value: s, label: s === 'big' ? 'Big' : 'Small' }))}
          onChange={(e) => set('defaultChatScreen', e.target.value as (typeof SNIPPET_CHAT_SCREENS)[number])}
        />
      </div>

      <div className="chat-bubble__toggles">
        <Toggle
          label="Main colour"
          isChecked={settings.isMainColor}
          isDisabled={readOnly}
          onChange={(on) => set('isMainColor', on)}
        />
        {settings.isMainColor && (
          <ColorField
            label="Main colour value"
            value={settings.mainColor}
            error={problems.mainColor}
            disabled={readOnly}
            onChange={(v) => set('mainColor', v)}
          />
        )}
        <Toggle
          label="Main text colour"
          isChecked={settings.isMainTextColor}
          isDisabled={readOnly}
          onChange={(on) => set('isMainTextColor', on)}
        />
        {settings.isMainTextColor && (
          <ColorField
            label="Main text colour value"
            value={settings.mainTextColor}
            error={problems.mainTextColor}
            disabled={readOnly}
            onChange={(v) => set('mainTextColor', v)}
          />
        )}
        <Toggle
          label="Bubble button"
          description="The round button that opens the chat."
          isChecked={settings.hasButton}
          isDisabled={readOnly}
          onChange={(on) => set('hasButton', on)}
        />
        <Toggle
          label="Microphone button"
          isChecked={settings.hasMicButton}
          isDisabled={readOnly}
          onChange={(on) => set('hasMicButton', on)}
        />
        <Toggle
          label="Upload button"
          description="Visitors may send pictures and PDFs."
          isChecked={settings.hasUploadButton}
          isDisabled={readOnly}
          onChange={(on) => set('hasUploadButton', on)}
        />
        <Toggle
          label="Notification message"
          description="A badge on the bubble when the bot wrote while the chat was closed."
          isChecked={settings.showNotificationMessage}
          isDisabled={readOnly}
          onChange={(on) => set('showNotificationMessage', on)}
        />
        <Toggle
          label="Popup messages"
          isChecked={settings.hasPopupMessages}
          isDisabled={readOnly}
          onChange={(on) => set('hasPopupMessages', on)}
        />
      </div>

      {settings.hasPopupMessages && (
        <fieldset className="chat-bubble__list" aria-label="Popup messages">
          <legend className="field__label">Popup messages</legend>
          {settings.popupMessages.map((popupMessage, index) => (
            // Popup messages have no id; their place in the list is what the visitor sees.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is edited in place
            <div className="chat-bubble__row" key={index}>
              <TextField
                label={`Message ${index + 1}`}
                value={popupMessage.message}
                error={problems[`popupMessages.${index}.message`]}
                disabled={readOnly}
                maxLength={SNIPPET_LIMITS.popupMessageMaxLength}
                onChange={(e) =>
                  set(
                    'popupMessages',
                    settings.popupMessages.map((p, i) =>
                      i === index ? { ...p, message: e.target.value } : p,
                    ),
                  )
                }
              />
              <TextField
                label="Delay (seconds)"
                type="number"
                min={0}
                step={0.5}
                value={Number.isFinite(popupMessage.delay) ? popupMessage.delay : ''}
                error={problems[`popupMessages.${index}.delay`]}
                disabled={readOnly}
                onChange={(e) =>
                  set(
                    'popupMessages',
                    settings.popupMessages.map((p, i) =>
                      i === index
                        ? { ...p, delay: e.target.value === '' ? Number.NaN : Number(e.target.value) }
                        : p,
                    ),
                  )
                }
              />
              {canManage && (
                <Button
                  variant="ghost"
                  size="sm"
                  icon={<TrashIcon />}
                  aria-label={`Remove message ${index + 1}`}
                  onClick={() =>
                    set(
                      'popupMessages',
                      settings.popupMessages.filter((_, i) => i !== index),
                    )
                  }
                />
              )}
            </div>
          ))}
          {canManage && settings.popupMessages.length < SNIPPET_LIMITS.popupMessages && (
            <Button
              variant="secondary"
              size="sm"
              icon={<PlusIcon />}
              onClick={() => set('popupMessages', [...settings.popupMessages, { message: '', delay: 3 }])}
            >
              Add popup message
            </Button>
          )}
        </fieldset>
      )}

      <fieldset className="chat-bubble__list" aria-label="Allowed origins">
        <legend className="field__label">Allowed origins</legend>
        <p className="field__hint">
          The sites that may show this chat, as https://shop.example.com. With none, every site may.
        </p>
        {draft.allowedOrigins.map((origin, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is edited in place
          <div className="chat-bubble__row" key={index}>
            <TextField
              label={`Origin ${index + 1}`}
              value={origin}
              placeholder="https://shop.example.com"
              error={problems[`allowedOrigins.${index}`]}
              disabled={readOnly}
              onChange={(e) =>
                setDraft((d) => ({
                  ...d,
                  allowedOrigins: d.allowedOrigins.map((o, i) => (i === index ? e.target.value : o)),
                }))
              }
            />
            {canManage && (
              <Button
                variant="ghost"
                size="sm"
                icon={<TrashIcon />}
                aria-label={`Remove origin ${index + 1}`}
                onClick={() =>
                  setDraft((d) => ({ ...d, allowedOrigins: d.allowedOrigins.filter((_, i) => i !== index) }))
                }
              />
            )}
          </div>
        ))}
        {canManage && draft.allowedOrigins.length < SNIPPET_LIMITS.origins && (
          <Button
            variant="secondary"
            size="sm"
            icon={<PlusIcon />}
            onClick={() => setDraft((d) => ({ ...d, allowedOrigins: [...d.allowedOrigins, ''] }))}
          >
            Add origin
          </Button>
        )}
      </fieldset>

      <div className="chat-bubble__icons">
        {ICONS.map(({ kind, label, setting }) => (
          <IconPicker
            key={kind}
            label={label}
            imageUrl={
              snippet.settings[setting] ? snippetIconUrl(snippet, kind, snippet.settings[setting]) : undefined
            }
            canEdit={canManage}
            onChoose={(file) => void uploadIcon(kind, file)}
            onRemove={() => void removeIcon(kind)}
          />
        ))}
      </div>

      {canManage && (
        <div className="chat-bubble__save">
          <Button onClick={() => void save()} isLoading={isSaving} disabled={hasProblems}>
            Save
          </Button>
        </div>
      )}

      {embedCode && <EmbedCode code={embedCode} id={`${id}-embed`} />}
    </Card>
  );
}

function ColorField(props: {
  label: string;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange(value: string): void;
}) {
  return (
    <div className="chat-bubble__color">
      <input
        type="color"
        aria-label={`${props.label} picker`}
        value={/^#[0-9a-fA-F]{6}$/.test(props.value) ? props.value : '#000000'}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <TextField
        label={props.label}
        value={props.value}
        error={props.error}
        disabled={props.disabled}
        maxLength={7}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

function IconPicker(props: {
  label: string;
  imageUrl: string | undefined;
  canEdit: boolean;
  onChoose(file: File): void;
  onRemove(): void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className="chat-bubble__icon">
      <div className="chat-bubble__icon-image">
        {props.imageUrl ? <img src={props.imageUrl} alt={props.label} /> : <span>None</span>}
      </div>
      <div>
        <span className="field__label">{props.label}</span>
        {props.canEdit && (
          <div className="chat-bubble__icon-buttons">
            <input
              ref={inputRef}
              type="file"
              accept={SNIPPET_ICON_ACCEPT}
              className="visually-hidden"
              aria-label={`${props.label} file`}
              tabIndex={-1}
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                event.target.value = '';
                if (chosen) props.onChoose(chosen);
              }}
            />
            <Button
              variant="secondary"
              size="sm"
              icon={<UploadIcon />}
              onClick={() => inputRef.current?.click()}
            >
              Upload {props.label.toLowerCase()}
            </Button>
            {props.imageUrl && (
              <Button variant="ghost" size="sm" icon={<TrashIcon />} onClick={props.onRemove}>
                Remove
              </Button>
            )}
          </div>
        )}
        <p className="field__hint">PNG, JPEG or SVG, at most 200 KB.</p>
      </div>
    </div>
  );
}

function EmbedCode({ code, id }: { code: string; id: string }) {
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const [isCopied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
    } catch {
      // Without the clipboard API the code is selected for the visitor to copy.
      areaRef.current?.select();
      return;
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  }
  return (
    <div className="chat-bubble__embed">
      <label className="field__label" htmlFor={id}>
        Embed code
      </label>
      <p className="field__hint">Paste it into your page's HTML, before the closing body tag.</p>
      <textarea
        id={id}
        ref={areaRef}
        className="input chat-bubble__code"
        readOnly
        rows={4}
        value={code}
        onFocus={(e) => e.currentTarget.select()}
      />
      <Button variant="secondary" size="sm" icon={<CopyIcon />} onClick={() => void copy()}>
        {isCopied ? 'Copied' : 'Copy embed code'}
      </Button>
    </div>
  );
}
