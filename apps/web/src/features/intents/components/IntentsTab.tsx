import { isNoneIntent, INTENT_MESSAGES as M } from '@parley/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showFailure } from '../../../api/server-error';
import { Button, DownloadIcon, EmptyState, PlusIcon, popup, Spinner } from '../../../ui';
import {
  ContentLayout,
  contentPermissions,
  ItemList,
  useBotDialog,
  useEntities,
  useIntents,
  useRouteFallback,
} from '../../bot-content';
import { type BotTabProps, contentPath } from '../../bots';
import { exportIntent } from '../api/intents-api';

const INTENT_EXPORT_LABEL = 'Intent + Flow';

import { BatchImportModal } from './BatchImportModal';
import { CreateIntentModal } from './CreateIntentModal';
import { ImportIntentModal } from './ImportIntentModal';
import { IntentPane } from './IntentPane';
import { intentListItems } from './intent-list-items';
import './intents.css';

/**
 * The Intents tab (spec 02 section 2.2); the selected intent is the route's element. Under the
 * tab value 'redirect' it lists the redirect intents only, and Add Intent creates one. Its
 * dialogs are the overlay pseudo-tabs create-intent(-redirect), import-intent and
 * batch-import-intents.
 */
export function IntentsTab(props: BotTabProps) {
  const { bot, permissions, element, listTab } = props;
  const navigate = useNavigate();
  const intents = useIntents(bot.botName);
  const entities = useEntities(bot.botName);
  const rights = contentPermissions(permissions);
  const [filter, setFilter] = useState('');
  const modal = useBotDialog(props);
  const isRedirectView = listTab === 'redirect';

  const all = intents.data ?? [];
  const list = isRedirectView ? all.filter((i) => i.isRedirect) : all;
  const selected =
    list.find((i) => i.name === element) ?? list.find((i) => i.name.toLowerCase() === element?.toLowerCase());
  const select = (name: string, replace = false) =>
    navigate(contentPath(bot.botName, listTab, name), { replace });

  // The route always names the intent shown: the first one when none (or an unknown one) is
  // named; an overlay's route names none while its dialog is open.
  const fallback = list.find((i) => !isNoneIntent(i.name)) ?? list[0];
  useRouteFallback({
    isNeeded: Boolean(intents.data) && !selected && !modal.dialog,
    fallbackPath: fallback && contentPath(bot.botName, listTab, fallback.name),
    navigate: (path) => navigate(path, { replace: true }),
  });

  if (intents.isPending) return <Spinner label="Loading intents" />;
  if (intents.isError) return <EmptyState title="The intents could not be loaded" />;

  const hasOwnIntents = list.some((i) => !isNoneIntent(i.name));
  const onExport = async () => {
    if (!selected) return;
    if (isNoneIntent(selected.name)) {
      void popup.warning({ title: M.cannotExportNone });
      return;
    }
    try {
      await exportIntent(bot.botName, selected.name);
    } catch (error) {
      showFailure('Export failed', error);
    }
  };

  const actions = (
    <>
      {rights.canManageIntents && (
        <>
          <Button size="sm" icon={<PlusIcon />} onClick={() => modal.open('create')}>
            Add Intent
          </Button>
          <Button size="sm" variant="secondary" onClick={() => modal.open('batch-import')}>
            Batch Import
          </Button>
          <Button size="sm" variant="secondary" onClick={() => modal.open('import')}>
            Import
          </Button>
        </>
      )}
      {rights.canExportIntents && (
        // The file holds the intent and its flow (spec 02 section 9, 'Intent + Flow').
        <Button
          size="sm"
          variant="secondary"
          icon={<DownloadIcon />}
          title={INTENT_EXPORT_LABEL}
          onClick={() => void onExport()}
        >
          Export
        </Button>
      )}
    </>
  );

  return (
    <>
      <ContentLayout
        sidebar={
          <>
            {!hasOwnIntents && (
              <EmptyState
                title={M.startBuilding}
                description="Intents are what your users want. Add one with a few example sentences."
                className="content-start"
              />
            )}
            <ItemList
              label="Intents"
              items={intentListItems(list, filter)}
              selected={selected?.name}
              onSelect={(name) => select(name)}
              filter={filter}
              onFilterChange={setFilter}
              actions={actions}
              emptyTitle="No intent matches the filter"
            />
          </>
        }
      >
        {selected && (
          <IntentPane
            key={selected.name}
            botName={bot.botName}
            intent={selected}
            entities={entities.data ?? []}
            canManage={rights.canManageIntents}
            canActivateFlow={{
              test: rights.canActivateFlowsToTest,
              production: rights.canActivateFlowsToProduction,
            }}
            onRenamed={(name) => select(name, true)}
            onDeleted={() => navigate(contentPath(bot.botName, listTab), { replace: true })}
          />
        )}
      </ContentLayout>
      {modal.dialog === 'create' && (
        <CreateIntentModal
          botName={bot.botName}
          entities={entities.data ?? []}
          isRedirect={isRedirectView}
          onClose={() => modal.close()}
          onCreated={(name) => modal.close(name)}
        />
      )}
      {modal.dialog === 'import' && (
        <ImportIntentModal
          botName={bot.botName}
          intents={all}
          onClose={() => modal.close()}
          onImported={(name) => modal.close(name)}
        />
      )}
      {modal.dialog === 'batch-import' && (
        <BatchImportModal botName={bot.botName} onClose={() => modal.close()} />
      )}
    </>
  );
}
