import { type FormEvent, useState } from 'react';
import { Button, Tooltip } from '../../../../ui';
import { ORIGINAL_ONLY, outputNameProblems, renameOutputs } from '../../output-rename';
import type { DetailsContext } from './details-context';

interface OutputVariablesProps {
  context: DetailsContext;
  /** The block's output names, in order. */
  outputs: readonly string[];
}

/** Every output name of the flow's other blocks. */
function otherOutputs(context: DetailsContext): string[] {
  return context.canvas
    .blocks()
    .filter((block) => block.id !== context.elementId)
    .flatMap((block) =>
      Object.values(block.customData).flatMap((data) =>
        Array.isArray(data['fc-output']) ? data['fc-output'].map(String) : [],
      ),
    );
}

/**
 * A block's output variables (spec 03 sections 4.6 and 5): shown by name (view mode), renamed
 * in edit mode. Only outputs made since the flow was loaded or saved may be renamed; a refused
 * name saves nothing; a rename changes every reference in the flow in one undoable step.
 */
export function OutputVariables({ context, outputs }: OutputVariablesProps) {
  const [draft, setDraft] = useState<string[] | null>(null);
  const [problems, setProblems] = useState<Map<number, string>>(new Map());
  const saved = context.savedOutputs.get(context.elementId) ?? [];
  const isOriginal = (name: string) => !saved.includes(name);
  const canEdit = context.rights.canEditTexts;

  const startEditing = (index: number) => {
    setDraft([...outputs]);
    setProblems(new Map());
    requestAnimationFrame(() => document.getElementById(`${context.elementId}-output-${index}`)?.focus());
  };
  const cancel = () => {
    setDraft(null);
    setProblems(new Map());
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const names = draft.map((name) => name.trim());
    const found = outputNameProblems(names, outputs, [...otherOutputs(context), ...context.botVariables]);
    if (found.size > 0) {
      setProblems(found);
      return;
    }
    const renames = new Map(outputs.map((name, index) => [name, names[index] ?? name]));
    context.canvas.setCustomDataOfMany(renameOutputs(context.canvas.blocks(), context.elementId, renames));
    cancel();
  };

  return (
    <section className="flow-details__outputs" aria-label="Output variables">
      <h4>Output variables</h4>
      {draft ? (
        <form className="flow-details__output-form" onSubmit={save} aria-label="Rename output variables">
          {outputs.map((name, index) => {
            const inputId = `${context.elementId}-output-${index}`;
            const problem = problems.get(index);
            return isOriginal(name) ? (
              <div key={name} className="field">
                <label className="field__label" htmlFor={inputId}>
                  New name of {name}
                </label>
                <input
                  id={inputId}
                  className="input"
                  value={draft[index] ?? ''}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${inputId}-error` : undefined}
                  onChange={(event) =>
                    setDraft(draft.map((old, at) => (at === index ? event.target.value : old)))
                  }
                  onKeyDown={(event) => {
                    if (event.key !== 'Escape') return;
                    // Leaves edit mode only, not the dialog around the editor.
                    event.stopPropagation();
                    cancel();
                  }}
                />
                {problem && (
                  <p id={`${inputId}-error`} className="field__error" role="alert">
                    {problem}
                  </p>
                )}
              </div>
            ) : (
              <p key={name} className="flow-details__output">
                <code>{name}</code>
                <span className="flow-details__hint">{ORIGINAL_ONLY}</span>
              </p>
            );
          })}
          <div className="flow-details__link-actions">
            <Button size="sm" type="submit">
              Save names
            </Button>
            <Button size="sm" variant="secondary" onClick={cancel}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <ul className="flow-details__output-list">
          {outputs.map((name, index) => (
            <li key={name} className="flow-details__output">
              <code>{name}</code>
              {canEdit &&
                (isOriginal(name) ? (
                  <button
                    type="button"
                    className="flow-details__edit"
                    aria-label={`Rename ${name}`}
                    onClick={() => startEditing(index)}
                  >
                    ✎
                  </button>
                ) : (
                  <Tooltip content={ORIGINAL_ONLY}>
                    {/* Focusable though it does nothing, so the keyboard reaches the tooltip. */}
                    <button
                      type="button"
                      className="flow-details__edit"
                      aria-label={`Rename ${name}`}
                      aria-disabled
                    >
                      ✎
                    </button>
                  </Tooltip>
                ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
