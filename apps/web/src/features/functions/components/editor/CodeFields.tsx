import { CodeArea } from './CodeArea';
import type { TypeEditorProps } from './editor-props';

/** Custom code: JavaScript, the body of an async function; inputs are variables of the same name. */
export function CodeFields({ draft, onChange, isReadOnly, errors }: TypeEditorProps) {
  return (
    <CodeArea
      label="Code (JavaScript)"
      rows={14}
      placeholder={
        '// Inputs are variables: return what the flow should get.\nreturn { total: price * quantity };'
      }
      value={draft.code}
      error={errors.code}
      isReadOnly={isReadOnly}
      onChange={(code) => onChange({ code })}
    />
  );
}
