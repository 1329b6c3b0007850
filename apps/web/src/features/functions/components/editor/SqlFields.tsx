import { TextField } from '../../../../ui';
import { CodeArea } from './CodeArea';
import type { TypeEditorProps } from './editor-props';

/** SQL: the connection string and the command; inputs are bound as parameters, never pasted in. */
export function SqlFields({ draft, onChange, isReadOnly, errors }: TypeEditorProps) {
  return (
    <>
      <TextField
        label="Connection string"
        placeholder="postgres://user:password@host:5432/database"
        hint="PostgreSQL, MySQL/MariaDB, SQL Server or SQLite."
        value={draft.connectionString}
        error={errors.connectionString}
        readOnly={isReadOnly}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => onChange({ connectionString: event.target.value })}
      />
      <CodeArea
        label="SQL command"
        rows={8}
        placeholder="SELECT status FROM orders WHERE id = {{orderId}}"
        value={draft.sqlCommand}
        error={errors.sqlCommand}
        isReadOnly={isReadOnly}
        onChange={(sqlCommand) => onChange({ sqlCommand })}
      />
    </>
  );
}
