import { VARIABLE_MESSAGES as M, type VariablesAndObjects, variableValueProblem } from '@parley/contracts';
import { useState } from 'react';
import { Button, Card, popup, Table, type TableColumn, TrashIcon } from '../../../ui';
import { runIfPermitted } from '../../bots';
import { deleteVariable, saveVariables } from '../api/variables-api';
import { useVariablesCache } from '../hooks/use-variables';
import { sortedNames } from '../page-names';
import { reportFailure } from '../report-failure';
import type { VariablePermissions } from '../variable-permissions';
import { AddVariableForm } from './AddVariableForm';
import { GlobalControl } from './GlobalControl';

interface VariableRow {
  name: string;
  value: string;
  isGlobal: boolean;
}

interface VariablesSectionProps {
  botName: string;
  data: VariablesAndObjects;
  rights: VariablePermissions;
}

/**
 * 'Variables (Global)' (spec 02 section 2.5): name, value and Add; each row with its value,
 * Update and delete, and the Global toggle or badge. Global rows change only with MakeGlobal.
 */
export function VariablesSection({ botName, data, rights }: VariablesSectionProps) {
  const cache = useVariablesCache(botName);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [busyName, setBusyName] = useState<string>();

  const rows: VariableRow[] = sortedNames(data.variables).map((name) => ({
    name,
    value: data.variables[name] ?? '',
    isGlobal: data.isGlobalVariable[name] === true,
  }));
  const draftOf = (row: VariableRow) => drafts[row.name] ?? row.value;
  const mayChange = (row: VariableRow) => !row.isGlobal || rights.canMakeGlobal;

  const run = async (row: VariableRow, action: () => Promise<void>) => {
    setBusyName(row.name);
    try {
      await action();
    } catch (error) {
      reportFailure(M.variablesFailed, error);
    } finally {
      setBusyName(undefined);
    }
  };

  const forget = (name: string) => setDrafts(({ [name]: _dropped, ...rest }) => rest);

  const update = (row: VariableRow) =>
    runIfPermitted(mayChange(row), () => {
      const value = draftOf(row);
      const problem = variableValueProblem(value);
      if (problem) {
        void popup.warning({ title: problem });
        return;
      }
      void run(row, async () => {
        cache.store(await saveVariables(botName, [{ key: row.name, value }]));
        forget(row.name);
        void popup.info({ title: 'Saved!' });
      });
    });

  const remove = (row: VariableRow) =>
    runIfPermitted(mayChange(row), async () => {
      const isConfirmed = await popup.confirm({
        title: M.deleteTitle,
        text: M.deleteVariable(row.name),
        actionText: 'Delete',
        isDanger: true,
      });
      if (!isConfirmed) return;
      void run(row, async () => {
        await deleteVariable(botName, row.name, row.isGlobal);
        forget(row.name);
        await cache.reload();
      });
    });

  const makeGlobal = (row: VariableRow) =>
    run(row, async () => {
      cache.store(await saveVariables(botName, [{ key: row.name, value: row.value, isGlobal: true }]));
    });

  const columns: TableColumn<VariableRow>[] = [
    {
      key: 'name',
      header: 'Name',
      width: '30%',
      render: (row) => <span className="variables-name">{row.name}</span>,
    },
    {
      key: 'value',
      header: 'Value',
      render: (row) => (
        <input
          className="input"
          aria-label={`Value of ${row.name}`}
          value={draftOf(row)}
          readOnly={!rights.canManage}
          // A read-only page still answers an edit attempt (spec 02 section 6).
          onClick={rights.canManage ? undefined : () => runIfPermitted(false, () => {})}
          maxLength={10_000}
          onChange={(event) => setDrafts((current) => ({ ...current, [row.name]: event.target.value }))}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && rights.canManage) update(row);
          }}
        />
      ),
    },
    {
      key: 'global',
      header: <span className="visually-hidden">Global</span>,
      width: '8rem',
      render: (row) => (
        <GlobalControl
          name={row.name}
          isGlobal={row.isGlobal}
          rights={rights}
          onMakeGlobal={() => makeGlobal(row)}
        />
      ),
    },
  ];
  if (rights.canManage) {
    columns.push({
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'end',
      width: '9rem',
      render: (row) => (
        <div className="variables-row-actions">
          <Button
            size="sm"
            variant="secondary"
            disabled={draftOf(row) === row.value}
            isLoading={busyName === row.name}
            onClick={() => update(row)}
          >
            Update
          </Button>
          <Button
            size="sm"
            variant="ghost"
            icon={<TrashIcon />}
            aria-label={`Delete ${row.name}`}
            title="Delete"
            disabled={busyName === row.name}
            onClick={() => void remove(row)}
          />
        </div>
      ),
    });
  }

  return (
    <Card
      title={M.variablesSection}
      description="Values your flows read and write. A global one is shared by every bot of this account."
      className="variables-section"
    >
      {rights.canManage && <AddVariableForm botName={botName} data={data} />}
      <Table
        caption="Variables"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.name}
        isRowBusy={(row) => busyName === row.name}
        emptyText="No variables yet"
      />
    </Card>
  );
}
