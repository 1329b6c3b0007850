import { FUNCTION_MESSAGES as M } from '@parley/contracts';
import { FieldGroup } from '../../../bot-content';
import type { FunctionDraft, InputRow, OutputRow } from '../../function-draft';
import { FUNCTION_RESULT_EDITORS, FUNCTION_TYPE_EDITORS } from './function-editors';
import { RowsEditor } from './RowsEditor';

const INPUT_COLUMNS = [
  { field: 'name', label: 'Name', placeholder: 'Input name' },
  { field: 'defaultValue', label: 'Default value', placeholder: 'Default value' },
] as const;

const OUTPUT_COLUMNS = [
  { field: 'variableName', label: 'Variable', placeholder: 'Variable name' },
  { field: 'propertyPath', label: 'Property path', placeholder: 'data.items[0].id', isMonospace: true },
] as const;

interface FunctionEditorProps {
  /** The bot whose function it is: a test call runs there. */
  botName: string;
  draft: FunctionDraft;
  onChange: (patch: Partial<FunctionDraft>) => void;
  isReadOnly: boolean;
  /** A global function's inputs are read-only (spec 02 section 2.4). */
  areInputsReadOnly: boolean;
  errors: Partial<Record<string, string>>;
}

/**
 * The type's own fields, then inputs, the type's help with its outputs (REST: the response and a
 * test call), and the outputs (names left empty are dropped on save).
 */
export function FunctionEditor({
  botName,
  draft,
  onChange,
  isReadOnly,
  areInputsReadOnly,
  errors,
}: FunctionEditorProps) {
  const TypeFields = FUNCTION_TYPE_EDITORS[draft.type];
  const ResultEditor = FUNCTION_RESULT_EDITORS[draft.type];
  return (
    <div className="function-editor">
      {TypeFields && <TypeFields draft={draft} onChange={onChange} isReadOnly={isReadOnly} errors={errors} />}
      <FieldGroup
        label="Inputs"
        hint={
          areInputsReadOnly && !isReadOnly
            ? M.globalInputsReadOnly
            : 'Use an input as {{name}}. Values become numbers or JSON when they can.'
        }
        error={errors.inputs}
      >
        <RowsEditor
          itemLabel="Input"
          rows={draft.inputs}
          columns={INPUT_COLUMNS}
          newRow={(): InputRow => ({ name: '', defaultValue: '' })}
          isReadOnly={isReadOnly || areInputsReadOnly}
          onChange={(inputs) => onChange({ inputs })}
        />
      </FieldGroup>
      {ResultEditor && (
        <ResultEditor botName={botName} draft={draft} onChange={onChange} isReadOnly={isReadOnly} />
      )}
      <FieldGroup
        label="Outputs"
        hint="Each output stores a part of the result in a variable."
        error={errors.outputs}
      >
        <RowsEditor
          itemLabel="Output"
          rows={draft.outputs}
          columns={OUTPUT_COLUMNS}
          newRow={(): OutputRow => ({ variableName: '', propertyPath: '' })}
          isReadOnly={isReadOnly}
          onChange={(outputs) => onChange({ outputs })}
        />
      </FieldGroup>
    </div>
  );
}
