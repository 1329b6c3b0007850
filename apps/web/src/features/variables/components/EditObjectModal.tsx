import { type FlowObject, VARIABLE_MESSAGES as M, objectPropertiesProblem } from '@parley/contracts';
import { useState } from 'react';
import { Button, Modal, PlusIcon, popup, TrashIcon } from '../../../ui';
import { runIfPermitted } from '../../bots';
import { saveObject } from '../api/variables-api';
import { useVariablesCache } from '../hooks/use-variables';
import { reportFailure } from '../report-failure';
import type { VariablePermissions } from '../variable-permissions';
import { emptyRow, type PropertyRow, propertiesToSave, rowsOf } from './property-rows';

interface EditObjectModalProps {
  botName: string;
  name: string;
  /** The stored object; undefined while adding a new one. */
  object: FlowObject | undefined;
  rights: VariablePermissions;
  onClose: () => void;
}

/**
 * The Edit Object modal (spec 02 section 2.5): the object's name, fixed, and its list of key and
 * value. System properties keep their key and cannot be removed. Saving checks the spec's rules
 * first ('Please provide at least one property', 'Warning: No duplicate keys!').
 */
export function EditObjectModal({ botName, name, object, rights, onClose }: EditObjectModalProps) {
  const cache = useVariablesCache(botName);
  const [rows, setRows] = useState<PropertyRow[]>(() => rowsOf(object));
  const [isDirty, setIsDirty] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const canEdit = rights.canManage && (!object?.isGlobal || rights.canMakeGlobal);

  const change = (id: string, patch: Partial<PropertyRow>) => {
    setRows((current) => current.map((row) => (row.id === id ? { ...row, ...patch } : row)));
    setIsDirty(true);
  };

  const remove = async (row: PropertyRow) => {
    if (row.isSaved) {
      const isConfirmed = await popup.confirm({
        title: M.deleteTitle,
        text: `Remove the property '${row.key}'? It is deleted when you save.`,
        actionText: 'Remove',
        isDanger: true,
      });
      if (!isConfirmed) return;
    }
    setRows((current) => current.filter((r) => r.id !== row.id));
    setIsDirty(true);
  };

  const save = () =>
    runIfPermitted(canEdit, async () => {
      const properties = propertiesToSave(rows);
      const problem = objectPropertiesProblem(properties);
      if (problem) {
        void popup.warning({ title: problem.message });
        return;
      }
      setIsSaving(true);
      try {
        cache.store(await saveObject(botName, name, properties));
        onClose();
        void popup.info({ title: 'Saved!' });
      } catch (error) {
        reportFailure(M.objectFailed, error);
      } finally {
        setIsSaving(false);
      }
    });

  return (
    <Modal
      title={M.editObject}
      onClose={onClose}
      isDirty={canEdit && isDirty}
      size="lg"
      footer={(requestClose) =>
        canEdit ? (
          <>
            <Button variant="secondary" onClick={requestClose}>
              Cancel
            </Button>
            <Button isLoading={isSaving} onClick={save}>
              Save
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={requestClose}>
            Close
          </Button>
        )
      }
    >
      <div className="edit-object">
        <div className="edit-object__name">
          <span className="field__label">Name</span>
          <output className="edit-object__fixed-name" aria-label="Object name">
            {name}
          </output>
          {object?.isGlobal && <span className="variables-badge">{M.global}</span>}
        </div>
        <table className="edit-object__properties">
          <caption className="visually-hidden">Properties of {name}</caption>
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Value</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.id}>
                <td>
                  <div className="edit-object__key">
                    <input
                      className="input"
                      aria-label={`Key ${index + 1}`}
                      value={row.key}
                      readOnly={!canEdit || row.isSystem}
                      maxLength={200}
                      onChange={(event) => change(row.id, { key: event.target.value })}
                    />
                    {row.isSystem && (
                      <span
                        className="variables-badge"
                        title="A system property keeps its key and cannot be deleted"
                      >
                        System
                      </span>
                    )}
                  </div>
                </td>
                <td>
                  <input
                    className="input"
                    aria-label={`Value ${index + 1}`}
                    value={row.value}
                    readOnly={!canEdit}
                    maxLength={10_000}
                    onChange={(event) => change(row.id, { value: event.target.value })}
                  />
                </td>
                <td className="edit-object__actions">
                  {canEdit && !row.isSystem && (
                    <Button
                      size="sm"
                      variant="ghost"
                      icon={<TrashIcon />}
                      aria-label={`Remove property ${index + 1}`}
                      title="Remove"
                      onClick={() => void remove(row)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {canEdit && (
          <Button
            size="sm"
            variant="secondary"
            icon={<PlusIcon />}
            onClick={() => {
              setRows((current) => [...current, emptyRow()]);
              setIsDirty(true);
            }}
          >
            Add property
          </Button>
        )}
      </div>
    </Modal>
  );
}
