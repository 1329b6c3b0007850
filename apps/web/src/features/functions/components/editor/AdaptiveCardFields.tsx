import { Checkbox } from '../../../../ui';
import { CodeArea } from './CodeArea';
import type { TypeEditorProps } from './editor-props';

/** Adaptive Card: the card's JSON ({{input}} placeholders allowed) and whether the chat waits for input. */
export function AdaptiveCardFields({ draft, onChange, isReadOnly, errors }: TypeEditorProps) {
  return (
    <>
      <CodeArea
        label="Adaptive card JSON"
        rows={14}
        placeholder='{"type": "AdaptiveCard", "version": "1.5", "body": [{"type": "TextBlock", "text": "Hello {{name}}"}]}'
        value={draft.json}
        error={errors.json}
        isReadOnly={isReadOnly}
        onChange={(json) => onChange({ json })}
      />
      <Checkbox
        label="Skip user input (the flow goes on at once instead of waiting for the card)"
        checked={draft.skipUserInput}
        disabled={isReadOnly}
        onChange={(event) => onChange({ skipUserInput: event.target.checked })}
      />
    </>
  );
}
