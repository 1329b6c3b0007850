import { TextAreaField } from '../../../bot-content';

interface CodeAreaProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  isReadOnly?: boolean;
  error?: string | undefined;
  rows?: number;
  placeholder?: string;
}

/**
 * A code editor area: monospace, no spell checking or autocorrection. Tab keeps moving focus
 * (keyboard users are never trapped in the field); indent with spaces.
 */
export function CodeArea({
  label,
  value,
  onChange,
  isReadOnly,
  error,
  rows = 12,
  placeholder,
}: CodeAreaProps) {
  return (
    <TextAreaField
      label={label}
      value={value}
      error={error}
      rows={rows}
      spellCheck={false}
      autoCapitalize="off"
      autoCorrect="off"
      placeholder={placeholder}
      readOnly={isReadOnly}
      className="code-area"
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
