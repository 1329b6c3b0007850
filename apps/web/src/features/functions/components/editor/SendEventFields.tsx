import { CodeArea } from './CodeArea';
import type { TypeEditorProps } from './editor-props';

/** Send Event (BETA): the event the chat page receives; JSON or text, with {{input}} placeholders. */
export function SendEventFields({ draft, onChange, isReadOnly, errors }: TypeEditorProps) {
  return (
    <CodeArea
      label="Event"
      rows={6}
      placeholder='{"name": "order-placed", "orderId": "{{orderId}}"}'
      value={draft.event}
      error={errors.event}
      isReadOnly={isReadOnly}
      onChange={(event) => onChange({ event })}
    />
  );
}
