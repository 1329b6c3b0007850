import { AVATAR_ACCEPT, AVATAR_MAX_BYTES, AVATAR_MAX_SIDE_PX, MESSAGES } from '@parley/contracts';
import { useRef } from 'react';
import { BotIcon, Button, popup, TrashIcon, UploadIcon } from '../../../ui';
import type { AvatarChange } from '../hooks/use-general-settings-draft';

interface AvatarPickerProps {
  /** The stored avatar's address, when the bot has one. */
  storedUrl: string | undefined;
  change: AvatarChange;
  canEdit: boolean;
  /** Answers the refusal to show ('Avatar file is too big'), or undefined when the file is taken. */
  onChoose: (file: File) => string | undefined;
  onRemove: () => void;
}

const MAX_MB = AVATAR_MAX_BYTES / (1024 * 1024);

/**
 * The bot's avatar (spec 04 sections 2.3, 5, 8): the picture shown (the chosen file's preview
 * until saved), 'Upload avatar' and 'Remove avatar'. A file too big or of another type is
 * refused here with the spec's message; the server checks again and compresses what it takes.
 */
export function AvatarPicker({ storedUrl, change, canEdit, onChoose, onRemove }: AvatarPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const shown = change.kind === 'new' ? change.previewUrl : change.kind === 'remove' ? undefined : storedUrl;
  const note =
    change.kind === 'new'
      ? `${change.file.name}: saved with 'Save settings'.`
      : change.kind === 'remove'
        ? "The avatar is removed with 'Save settings'."
        : `PNG, JPEG, WebP or GIF, at most ${MAX_MB} MB; stored at most ${AVATAR_MAX_SIDE_PX} x ${AVATAR_MAX_SIDE_PX} pixels.`;

  return (
    <div className="general-settings__avatar">
      <div className="general-settings__avatar-image" data-testid="bot-avatar">
        {shown ? <img src={shown} alt="Bot avatar" /> : <BotIcon aria-label="No avatar" role="img" />}
      </div>
      <div className="general-settings__avatar-side">
        <span className="field__label">Avatar</span>
        {canEdit && (
          <div className="general-settings__avatar-buttons">
            <input
              ref={inputRef}
              type="file"
              accept={AVATAR_ACCEPT}
              className="general-settings__file-input"
              aria-label="Avatar image"
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                // The same file may be chosen again after a refusal.
                event.target.value = '';
                const refusal = chosen && onChoose(chosen);
                if (refusal) void popup.error({ title: MESSAGES.errorTitle, text: refusal });
              }}
            />
            <Button
              variant="secondary"
              size="sm"
              icon={<UploadIcon />}
              onClick={() => inputRef.current?.click()}
            >
              Upload avatar
            </Button>
            {shown && (
              <Button variant="ghost" size="sm" icon={<TrashIcon />} onClick={onRemove}>
                Remove avatar
              </Button>
            )}
          </div>
        )}
        {canEdit && <p className="field__hint">{note}</p>}
      </div>
    </div>
  );
}
