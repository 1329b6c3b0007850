import { useId, useRef } from 'react';
import { Button } from './Button';
import './FilePicker.css';

interface FilePickerProps {
  label: string;
  /** The file types offered by the browser's chooser, e.g. '.xlsx'. */
  accept: string;
  file: File | undefined;
  onChoose: (file: File) => void;
  isDisabled?: boolean;
}

/** A file chooser: a button, and the chosen file's name and size. */
export function FilePicker({ label, accept, file, onChoose, isDisabled }: FilePickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <div className="file-picker">
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={accept}
        className="file-picker__input"
        aria-label={label}
        disabled={isDisabled}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          // The same file may be chosen again after a refusal.
          event.target.value = '';
          if (chosen) onChoose(chosen);
        }}
      />
      <Button variant="secondary" onClick={() => inputRef.current?.click()} disabled={isDisabled}>
        {label}
      </Button>
      <span className="file-picker__name">
        {file ? `${file.name} (${Math.max(1, Math.round(file.size / 1024))} KB)` : 'No file chosen'}
      </span>
    </div>
  );
}
