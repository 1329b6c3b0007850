import { useId, useState } from 'react';
import { Button, CloseIcon } from '../../../ui';

interface ValueListEditorProps {
  /** Names the list: 'Examples', 'Regexes', 'Roles'. */
  label: string;
  /** Names one entry, for the add box ('New example'): 'example', 'regex', 'role'. */
  itemLabel: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  canEdit: boolean;
  /** The list takes no more than this many. */
  max?: number;
  /** Said in place of the add box once the list holds `max` entries. */
  fullMessage?: string;
  /** Why a value may not be added (shown under the box), or undefined when it may. */
  check?: (value: string) => Promise<string | undefined>;
  placeholder?: string;
  isCode?: boolean;
}

/** A list of texts with remove buttons and an add box; empty entries are not added. */
export function ValueListEditor({
  label,
  itemLabel,
  values,
  onChange,
  canEdit,
  max,
  fullMessage,
  check,
  placeholder,
  isCode,
}: ValueListEditorProps) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string>();
  const errorId = useId();
  const isFull = max !== undefined && values.length >= max;
  const add = async () => {
    const value = isCode ? typed : typed.trim();
    if (value.trim() === '' || isFull) return;
    // A value already listed is not listed twice (a regex only when identical: case matters there).
    const same = (v: string) => (isCode ? v === value : v.toLowerCase() === value.toLowerCase());
    if (values.some(same)) {
      setTyped('');
      setProblem(undefined);
      return;
    }
    const refusal = await check?.(value);
    setProblem(refusal);
    if (refusal) return;
    onChange([...values, value]);
    setTyped('');
  };
  return (
    <div className="value-list">
      {values.length === 0 ? (
        <p className="content-muted">None yet.</p>
      ) : (
        <ul className="value-list__items" aria-label={label}>
          {values.map((value, index) => (
            <li key={value} className="value-list__item">
              <span className={isCode ? 'value-list__code' : undefined}>{value}</span>
              {canEdit && (
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Remove "${value}"`}
                  onClick={() => onChange(values.filter((_, i) => i !== index))}
                >
                  <CloseIcon aria-hidden="true" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && isFull && fullMessage && (
        <p className="content-muted" role="status">
          {fullMessage}
        </p>
      )}
      {canEdit && !isFull && (
        <div className="value-list__add">
          <input
            className="input"
            aria-label={`New ${itemLabel}`}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
            placeholder={placeholder}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setProblem(undefined);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void add();
              }
            }}
          />
          <Button variant="secondary" onClick={() => void add()}>
            Add
          </Button>
        </div>
      )}
      {problem && (
        <p className="field__error" id={errorId} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
