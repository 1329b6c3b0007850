import type { FlowObject } from '@parley/contracts';
import type { PropertyDraft } from '../api/variables-api';

/** One line of the Edit Object modal; `isSaved` tells a stored property from a new line. */
export interface PropertyRow {
  id: string;
  key: string;
  value: string;
  isSystem: boolean;
  isSaved: boolean;
}

let nextId = 0;
const rowId = () => `property-${++nextId}`;

export const emptyRow = (): PropertyRow => ({
  id: rowId(),
  key: '',
  value: '',
  isSystem: false,
  isSaved: false,
});

/** The modal's lines for an object (one empty line for a new object). */
export function rowsOf(object: FlowObject | undefined): PropertyRow[] {
  if (!object) return [emptyRow()];
  return Object.values(object.variables).map((p) => ({
    id: rowId(),
    key: p.key,
    value: p.value,
    isSystem: p.isSystem,
    isSaved: true,
  }));
}

/** What is sent: new lines left entirely empty are not properties; keys are trimmed. */
export function propertiesToSave(rows: readonly PropertyRow[]): PropertyDraft[] {
  return rows
    .filter((row) => row.isSaved || row.key.trim() !== '' || row.value.trim() !== '')
    .map((row) => ({ key: row.key.trim(), value: row.value, ...(row.isSystem ? { isSystem: true } : {}) }));
}
