import { ENTITY_FILTERS, type EntityFilter, ENTITY_MESSAGES as M } from '@parley/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showFailure } from '../../../api/server-error';
import { Button, DownloadIcon, EmptyState, PlusIcon, popup, Spinner, TrashIcon } from '../../../ui';
import {
  ContentLayout,
  contentPermissions,
  ItemList,
  useBotDialog,
  useContentRefresh,
  useEntities,
  useIntents,
  useRouteFallback,
} from '../../bot-content';
import { type BotTabProps, contentPath } from '../../bots';
import { deleteEntity, exportEntity } from '../api/entities-api';
import { useExpertMode } from '../hooks/use-expert-mode';
import { CreateEntityModal } from './CreateEntityModal';
import { EntityPane } from './EntityPane';
import { entityListItems } from './entity-list-items';
import { ImportEntityModal } from './ImportEntityModal';
import './entities.css';

const PREBUILT_NOT_EXPORTED = 'Prebuilt entities are part of every bot and are not exported.';

/**
 * The Entities tab (spec 02 section 2.3); the selected entity is the route's element. Its
 * dialogs are the overlay pseudo-tabs create-entity and import-entity.
 */
export function EntitiesTab(props: BotTabProps) {
  const { bot, permissions, element } = props;
  const navigate = useNavigate();
  const entities = useEntities(bot.botName);
  const intents = useIntents(bot.botName);
  const refresh = useContentRefresh(bot.botName);
  const rights = contentPermissions(permissions);
  const [isExpert, setIsExpert] = useExpertMode();
  const [kind, setKind] = useState<EntityFilter>('All');
  const [filter, setFilter] = useState('');
  const modal = useBotDialog(props);

  const list = entities.data ?? [];
  const selected =
    list.find((e) => e.name === element) ?? list.find((e) => e.name.toLowerCase() === element?.toLowerCase());
  const select = (name: string, replace = false) =>
    navigate(contentPath(bot.botName, 'entities', name), { replace });
  const fallback = list.find((e) => !e.isPrebuilt) ?? list[0];
  // An overlay's route names no entity while its dialog is open.
  useRouteFallback({
    isNeeded: Boolean(entities.data) && !selected && !modal.dialog,
    fallbackPath: fallback && contentPath(bot.botName, 'entities', fallback.name),
    navigate: (path) => navigate(path, { replace: true }),
  });

  if (entities.isPending) return <Spinner label="Loading entities" />;
  if (entities.isError) return <EmptyState title="The entities could not be loaded" />;

  const hasCustom = list.some((e) => !e.isPrebuilt);

  const onExport = async () => {
    if (!selected) return;
    if (selected.isPrebuilt) {
      void popup.warning({ title: PREBUILT_NOT_EXPORTED });
      return;
    }
    try {
      await exportEntity(bot.botName, selected.name);
    } catch (error) {
      showFailure('Export failed', error);
    }
  };

  const onDelete = async () => {
    if (!selected) return;
    if (selected.isPrebuilt) {
      void popup.warning({ title: M.cannotDeletePrebuilt });
      return;
    }
    const isSure = await popup.confirm({
      title: 'Delete entity?',
      text: `Are you sure you want to delete the entity ${selected.name}?`,
      actionText: 'Delete',
      isDanger: true,
    });
    if (!isSure) return;
    try {
      await deleteEntity(bot.botName, selected.name);
    } catch (error) {
      showFailure('Deletion error', error);
      return;
    }
    await refresh();
    navigate(contentPath(bot.botName, 'entities'), { replace: true });
  };

  const actions = (
    <>
      {rights.canManageEntities && (
        <>
          <Button size="sm" icon={<PlusIcon />} onClick={() => modal.open('create')}>
            Add Entity
          </Button>
          <Button size="sm" variant="secondary" onClick={() => modal.open('import')}>
            Import
          </Button>
        </>
      )}
      {rights.canExportEntities && (
        <Button size="sm" variant="secondary" icon={<DownloadIcon />} onClick={() => void onExport()}>
          Export
        </Button>
      )}
      {rights.canManageEntities && (
        <Button size="sm" variant="secondary" icon={<TrashIcon />} onClick={() => void onDelete()}>
          Delete
        </Button>
      )}
    </>
  );

  return (
    <>
      <ContentLayout
        sidebar={
          <>
            {!hasCustom && (
              <EmptyState
                title={M.startBuilding}
                description="Entities pick values out of what users say: colours, order numbers, cities."
                className="content-start"
              />
            )}
            <ItemList
              label="Entities"
              items={entityListItems(list, kind, filter)}
              selected={selected?.name}
              onSelect={(name) => select(name)}
              filter={filter}
              onFilterChange={setFilter}
              actions={actions}
              emptyTitle={kind === 'Custom' ? M.startBuilding : 'No entity matches the filter'}
              filters={
                <fieldset className="entity-kind-filter">
                  <legend className="visually-hidden">Entity kind</legend>
                  {ENTITY_FILTERS.map((option) => (
                    <button
                      key={option}
                      type="button"
                      aria-pressed={kind === option}
                      className="entity-kind-filter__option"
                      onClick={() => setKind(option)}
                    >
                      {option}
                    </button>
                  ))}
                </fieldset>
              }
            />
          </>
        }
      >
        {selected && (
          <EntityPane
            key={selected.name}
            botName={bot.botName}
            entity={selected}
            canManage={rights.canManageEntities}
            isExpert={isExpert}
            onExpertChange={setIsExpert}
            onRenamed={(name) => select(name, true)}
          />
        )}
      </ContentLayout>
      {modal.dialog === 'create' && (
        <CreateEntityModal
          botName={bot.botName}
          isExpert={isExpert}
          onClose={() => modal.close()}
          onCreated={(name) => modal.close(name)}
        />
      )}
      {modal.dialog === 'import' && (
        <ImportEntityModal
          botName={bot.botName}
          takenNames={[...list.map((e) => e.name), ...(intents.data ?? []).map((i) => i.name)]}
          onClose={() => modal.close()}
          onImported={(name) => modal.close(name)}
        />
      )}
    </>
  );
}
