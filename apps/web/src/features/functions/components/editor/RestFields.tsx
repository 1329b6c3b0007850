import { REST_BODY_TYPES, REST_METHODS, type RestBodyType, type RestMethod } from '@parley/contracts';
import { Select, TextField } from '../../../../ui';
import { FieldGroup } from '../../../bot-content';
import { hasBody, type KeyValueRow } from '../../function-draft';
import { CodeArea } from './CodeArea';
import type { TypeEditorProps } from './editor-props';
import { RowsEditor } from './RowsEditor';

const KEY_VALUE = [
  { field: 'key', label: 'Key', placeholder: 'Key' },
  { field: 'value', label: 'Value', placeholder: 'Value or {{input}}' },
] as const;

const BODY_TYPE_LABELS: Record<RestBodyType, string> = {
  raw: 'raw',
  'form-data': 'form-data',
  'x-www-form-urlencoded': 'x-www-form-urlencoded',
};

/** REST: method, URL, headers, body type (not for GET and DELETE), body or form data. */
export function RestFields({ draft, onChange, isReadOnly, errors }: TypeEditorProps) {
  const newRow = (): KeyValueRow => ({ key: '', value: '' });
  return (
    <>
      <div className="function-editor__row">
        <Select
          label="Method"
          className="function-editor__method"
          options={REST_METHODS.map((m) => ({ value: m, label: m.toUpperCase() }))}
          value={draft.method}
          disabled={isReadOnly}
          onChange={(event) => onChange({ method: event.target.value as RestMethod })}
        />
        <TextField
          label="URL"
          className="function-editor__grow"
          placeholder="https://api.example.com/orders/{{orderId}}"
          value={draft.url}
          error={errors.url}
          readOnly={isReadOnly}
          spellCheck={false}
          onChange={(event) => onChange({ url: event.target.value })}
        />
      </div>
      <FieldGroup label="Headers">
        <RowsEditor
          itemLabel="Header"
          rows={draft.headers}
          columns={KEY_VALUE}
          newRow={newRow}
          isReadOnly={isReadOnly}
          onChange={(headers) => onChange({ headers })}
        />
      </FieldGroup>
      {hasBody(draft.method) && (
        <>
          <Select
            label="Body type"
            options={REST_BODY_TYPES.map((t) => ({ value: t, label: BODY_TYPE_LABELS[t] }))}
            value={draft.bodyType}
            disabled={isReadOnly}
            onChange={(event) => onChange({ bodyType: event.target.value as RestBodyType })}
          />
          {draft.bodyType === 'raw' ? (
            <CodeArea
              label="Body"
              rows={6}
              placeholder='{"orderId": "{{orderId}}"}'
              value={draft.body}
              error={errors.body}
              isReadOnly={isReadOnly}
              onChange={(body) => onChange({ body })}
            />
          ) : (
            <FieldGroup label="Form data">
              <RowsEditor
                itemLabel="Form field"
                rows={draft.formData}
                columns={KEY_VALUE}
                newRow={newRow}
                isReadOnly={isReadOnly}
                onChange={(formData) => onChange({ formData })}
              />
            </FieldGroup>
          )}
        </>
      )}
    </>
  );
}
