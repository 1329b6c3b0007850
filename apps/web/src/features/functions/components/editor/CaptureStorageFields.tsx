import { STORAGE_TYPES } from '@parley/contracts';
import { FieldGroup } from '../../../bot-content';
import type { StorageRow } from '../../function-draft';
import type { TypeEditorProps } from './editor-props';
import { RowsEditor } from './RowsEditor';

const COLUMNS = [
  { field: 'name', label: 'Variable', placeholder: 'Input or variable name' },
  { field: 'storageType', label: 'Storage', options: STORAGE_TYPES.map((t) => ({ value: t, label: t })) },
  { field: 'key', label: 'Key', placeholder: 'Key (the variable name when empty)' },
] as const;

/** Capture Storage (BETA): values the chat page keeps in local storage, session storage or a cookie. */
export function CaptureStorageFields({ draft, onChange, isReadOnly }: TypeEditorProps) {
  return (
    <FieldGroup label="Variables" hint="Each variable's value is the input of the same name.">
      <RowsEditor
        itemLabel="Variable"
        rows={draft.variables}
        columns={COLUMNS}
        newRow={(): StorageRow => ({ name: '', storageType: 'local', key: '' })}
        isReadOnly={isReadOnly}
        onChange={(variables) => onChange({ variables })}
      />
    </FieldGroup>
  );
}
