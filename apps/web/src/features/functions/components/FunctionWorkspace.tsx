import { type FunctionFilterId, isSubFlowType, matchesFunctionFilter } from '@parley/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, EmptyState, PlusIcon, Spinner } from '../../../ui';
import { ContentLayout, useBotDialog } from '../../bot-content';
import { type BotTabProps, contentPath } from '../../bots';
import { type FunctionsMode, functionRights } from '../function-rights';
import { useFunctionSelection } from '../hooks/use-function-selection';
import { useFunctions } from '../hooks/use-functions';
import { FunctionList } from './FunctionList';
import { FunctionPane } from './FunctionPane';
import { CreateFunctionModal } from './modals/CreateFunctionModal';
import { ImportFunctionModal } from './modals/ImportFunctionModal';
import './functions.css';

/**
 * The Functions and Subs tabs (spec 02 sections 2.4 and 4): the list with its filter on the
 * left, the selected function (the route's element) on the right. Its dialogs are the overlay
 * pseudo-tabs create-function, import-function and create-subs.
 */
export function FunctionWorkspace({ mode, ...props }: BotTabProps & { mode: FunctionsMode }) {
  const { bot, permissions, element } = props;
  const navigate = useNavigate();
  const functions = useFunctions(bot.botName);
  const rights = functionRights(mode, permissions);
  const [filter, setFilter] = useState<FunctionFilterId>('all');
  const modal = useBotDialog(props);

  const all = (functions.data ?? []).filter((fn) => isSubFlowType(fn.type) === (mode === 'subs'));
  const visible = all.filter((fn) => matchesFunctionFilter(filter, fn));
  const selected =
    visible.find((fn) => fn.name === element) ??
    visible.find((fn) => fn.name.toLowerCase() === element?.toLowerCase());
  const select = (name: string, replace = true) =>
    navigate(contentPath(bot.botName, mode, name), { replace });

  // An overlay's route names no function while its dialog is open.
  useFunctionSelection({
    isLoaded: !!functions.data && !modal.dialog,
    all,
    visible,
    filter,
    selected,
    select,
  });

  if (functions.isPending) return <Spinner label="Loading functions" />;
  if (functions.isError) return <EmptyState title="The functions could not be loaded" />;

  const noun = mode === 'subs' ? 'Sub Flow' : 'Function';
  const actions = rights.canManage && (
    <>
      <Button size="sm" icon={<PlusIcon />} onClick={() => modal.open('create')}>
        Add {noun}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => modal.open('import')}>
        Import
      </Button>
    </>
  );
  // Saving a function resets the filter to All (spec 02 section 4).
  const afterSave = () => setFilter('all');
  const afterCreate = (name: string) => {
    setFilter('all');
    modal.close(name);
  };

  return (
    <>
      <ContentLayout
        sidebar={
          <FunctionList
            mode={mode}
            items={visible}
            hasAny={all.length > 0}
            selected={selected?.name}
            onSelect={(name) => select(name, false)}
            filter={filter}
            onFilterChange={setFilter}
            actions={actions}
          />
        }
      >
        {selected ? (
          <FunctionPane
            key={selected.name}
            botName={bot.botName}
            fn={selected}
            rights={rights}
            onRenamed={(name) => select(name)}
            onSaved={() => afterSave()}
          />
        ) : (
          <EmptyState
            title={all.length === 0 ? 'Start building!' : `No ${noun.toLowerCase()} selected`}
            description={
              mode === 'subs'
                ? 'Sub flows are steps a flow can reuse: their canvas is edited in the flow editor.'
                : 'Functions call APIs and databases, run code, show adaptive cards and talk to the chat page.'
            }
          />
        )}
      </ContentLayout>
      {modal.dialog === 'create' && (
        <CreateFunctionModal
          botName={bot.botName}
          mode={mode}
          canMakeGlobal={rights.canMakeGlobal}
          onClose={() => modal.close()}
          onCreated={afterCreate}
        />
      )}
      {modal.dialog === 'import' && (
        <ImportFunctionModal
          botName={bot.botName}
          mode={mode}
          takenNames={(functions.data ?? []).map((fn) => fn.name)}
          canMakeGlobal={rights.canMakeGlobal}
          onClose={() => modal.close()}
          onImported={afterCreate}
        />
      )}
    </>
  );
}
