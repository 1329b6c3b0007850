import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Button, cx, PencilIcon } from '../../../ui';
import { runIfPermitted } from '../../bots';
import './content.css';

interface EditableTextProps {
  /** What is edited, for screen readers and the field's label ('Intent name'). */
  label: string;
  value: string;
  /** Without the permission the text is read-only; trying to edit warns. */
  canEdit: boolean;
  /** Saves the new value; a rejected promise keeps the editor open. */
  onSave: (value: string) => Promise<void>;
  placeholder?: string;
  isMultiline?: boolean;
  /** The look of the text when not editing. */
  variant?: 'title' | 'text';
  /** Some values can never change (the None intent's name). */
  isLocked?: boolean;
}

/** Text that becomes a field on click: Enter (Ctrl+Enter when multi-line) saves, Escape cancels. */
export function EditableText({
  label,
  value,
  canEdit,
  onSave,
  placeholder = '',
  isMultiline = false,
  variant = 'text',
  isLocked = false,
}: EditableTextProps) {
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const [isSaving, setIsSaving] = useState(false);
  const inputRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const isEditing = draft !== undefined;

  useEffect(() => {
    if (isEditing) inputRef.current?.focus();
  }, [isEditing]);

  const save = async () => {
    if (draft === undefined) return;
    if (draft.trim() === value) {
      setDraft(undefined);
      return;
    }
    setIsSaving(true);
    try {
      await onSave(draft.trim());
      setDraft(undefined);
    } catch {
      inputRef.current?.focus();
    } finally {
      setIsSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setDraft(undefined);
    } else if (event.key === 'Enter' && (!isMultiline || event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save();
    }
  };

  if (isEditing) {
    const Input = isMultiline ? 'textarea' : 'input';
    return (
      <div className={cx('editable', `editable--${variant}`, 'editable--editing')}>
        <Input
          ref={inputRef}
          className="input editable__input"
          aria-label={label}
          value={draft}
          placeholder={placeholder}
          rows={isMultiline ? 3 : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={isSaving}
        />
        <div className="editable__buttons">
          <Button size="sm" onClick={() => void save()} isLoading={isSaving}>
            Save
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setDraft(undefined)} disabled={isSaving}>
            Cancel
          </Button>
        </div>
      </div>
    );
  }

  const Text = variant === 'title' ? 'h2' : 'p';
  if (isLocked) {
    return (
      <div className={cx('editable', `editable--${variant}`)}>
        <Text className="editable__heading editable__text editable__text--readonly">
          {value || placeholder}
        </Text>
      </div>
    );
  }
  // The text itself opens the editor; without the permission there is no pencil, and a click warns.
  return (
    <div className={cx('editable', `editable--${variant}`)}>
      <Text className="editable__heading">
        <button
          type="button"
          className={cx(
            'editable__text',
            !value && 'editable__text--placeholder',
            !canEdit && 'editable__text--readonly',
          )}
          title={canEdit ? `Edit ${label.toLowerCase()}` : undefined}
          onClick={() => runIfPermitted(canEdit, () => setDraft(value))}
        >
          {value || placeholder}
          {canEdit && <PencilIcon className="editable__pencil" aria-hidden="true" />}
        </button>
      </Text>
    </div>
  );
}
