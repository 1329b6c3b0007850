import { type FlowObject, VARIABLE_MESSAGES as M, type VariablesAndObjects } from '@parley/contracts';
import { useState } from 'react';
import { Button, Card, PencilIcon, popup, Table, type TableColumn, TrashIcon } from '../../../ui';
import { runIfPermitted } from '../../bots';
import { deleteObject, saveObject } from '../api/variables-api';
import { useVariablesCache } from '../hooks/use-variables';
import { newNameProblem, sortedNames } from '../page-names';
import { reportFailure } from '../report-failure';
import type { VariablePermissions } from '../variable-permissions';
import { AddObjectForm } from './AddObjectForm';
import { EditObjectModal } from './EditObjectModal';
import { GlobalControl } from './GlobalControl';

interface ObjectRow {
  name: string;
  object: FlowObject;
}

interface ObjectsSectionProps {
  botName: string;
  data: VariablesAndObjects;
  rights: VariablePermissions;
  /** The create-object route: open, with the new object's name when it names one. */
  adding: { name: string | undefined } | undefined;
  /** Goes to the create-object route of a new name. */
  onAdd: (name: string) => void;
  /** Leaves the create-object route. */
  onAddClosed: () => void;
}

/** The Objects section (spec 02 section 2.5): name and Add, and each object with its properties. */
export function ObjectsSection({ botName, data, rights, adding, onAdd, onAddClosed }: ObjectsSectionProps) {
  const cache = useVariablesCache(botName);
  // The object in the Edit Object modal: a stored one, or a new name still without properties.
  const [editing, setEditing] = useState<string>();
  const [busyName, setBusyName] = useState<string>();
  // The route's new object opens the modal once its name may be added; otherwise the Add form
  // shows the name with its problem.
  const routeName = adding?.name;
  const newObject = routeName !== undefined && !newNameProblem(data, routeName) ? routeName : undefined;

  const rows: ObjectRow[] = sortedNames(data.objects).flatMap((name) => {
    const object = data.objects[name];
    return object ? [{ name, object }] : [];
  });
  const mayChange = (row: ObjectRow) => !row.object.isGlobal || rights.canMakeGlobal;

  const run = async (row: ObjectRow, action: () => Promise<void>) => {
    setBusyName(row.name);
    try {
      await action();
    } catch (error) {
      reportFailure(M.objectFailed, error);
    } finally {
      setBusyName(undefined);
    }
  };

  const remove = (row: ObjectRow) =>
    runIfPermitted(mayChange(row), async () => {
      const isConfirmed = await popup.confirm({
        title: M.deleteTitle,
        text: M.deleteObject(row.name),
        actionText: 'Delete',
        isDanger: true,
      });
      if (!isConfirmed) return;
      void run(row, async () => {
        await deleteObject(botName, row.name, row.object.isGlobal);
        await cache.reload();
      });
    });

  const makeGlobal = (row: ObjectRow) =>
    run(row, async () => {
      const properties = Object.values(row.object.variables);
      cache.store(await saveObject(botName, row.name, properties, true));
    });

  const columns: TableColumn<ObjectRow>[] = [
    {
      key: 'name',
      header: 'Name',
      width: '30%',
      render: (row) => <span className="variables-name">{row.name}</span>,
    },
    {
      key: 'properties',
      header: 'Properties',
      render: (row) => <span className="variables-keys">{Object.keys(row.object.variables).join(', ')}</span>,
    },
    {
      key: 'global',
      header: <span className="visually-hidden">Global</span>,
      width: '8rem',
      render: (row) => (
        <GlobalControl
          name={row.name}
          isGlobal={row.object.isGlobal}
          rights={rights}
          onMakeGlobal={() => makeGlobal(row)}
        />
      ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'end',
      width: '9rem',
      render: (row) => (
        <div className="variables-row-actions">
          <Button
            size="sm"
            variant="ghost"
            icon={<PencilIcon />}
            aria-label={`${rights.canManage ? 'Edit' : 'View'} ${row.name}`}
            title={rights.canManage ? 'Edit' : 'View'}
            disabled={busyName === row.name}
            onClick={() => setEditing(row.name)}
          />
          {rights.canManage && (
            <Button
              size="sm"
              variant="ghost"
              icon={<TrashIcon />}
              aria-label={`Delete ${row.name}`}
              title="Delete"
              disabled={busyName === row.name}
              onClick={() => void remove(row)}
            />
          )}
        </div>
      ),
    },
  ];

  return (
    <Card
      title={M.objectsSection}
      description="Named groups of values, such as a customer with a name and an e-mail address."
      className="variables-section"
    >
      {rights.canManage && (
        <AddObjectForm
          key={routeName ?? ''}
          data={data}
          onAdd={onAdd}
          routeName={newObject === undefined ? routeName : undefined}
          isFocused={adding !== undefined && newObject === undefined}
        />
      )}
      <Table
        caption="Objects"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.name}
        isRowBusy={(row) => busyName === row.name}
        emptyText="No objects yet"
      />
      {editing !== undefined && (
        <EditObjectModal
          botName={botName}
          name={editing}
          object={data.objects[editing]}
          rights={rights}
          onClose={() => setEditing(undefined)}
        />
      )}
      {newObject !== undefined && editing === undefined && (
        <EditObjectModal
          botName={botName}
          name={newObject}
          object={undefined}
          rights={rights}
          onClose={onAddClosed}
        />
      )}
    </Card>
  );
}
