import { ENTITY_TYPE_DEFINITIONS, type EntityView, ENTITY_MESSAGES as M } from '@parley/contracts';
import { Toggle } from '../../../ui';
import { EditableText } from '../../bot-content/components/EditableText';
import { useContentRefresh } from '../../bot-content/hooks/use-content-refresh';
import { showFailure } from '../../bot-content/server-error';
import { renameEntity, updateEntityDescription } from '../api/entities-api';
import { EntityEditor } from './EntityEditor';
import { SupportedBy } from './SupportedBy';

interface EntityPaneProps {
  botName: string;
  entity: EntityView;
  canManage: boolean;
  isExpert: boolean;
  onExpertChange: (isOn: boolean) => void;
  onRenamed: (name: string) => void;
}

/** The selected entity: header with Expert Mode, name, description and type badge; its editor. */
export function EntityPane({
  botName,
  entity,
  canManage,
  isExpert,
  onExpertChange,
  onRenamed,
}: EntityPaneProps) {
  const refresh = useContentRefresh(botName);
  const canEdit = canManage && !entity.isPrebuilt;

  const rename = async (newName: string) => {
    try {
      await renameEntity(botName, entity.name, newName);
    } catch (error) {
      showFailure(M.renameFailed, error);
      throw error;
    }
    await refresh();
    onRenamed(newName);
  };

  const describe = async (description: string) => {
    try {
      await updateEntityDescription(botName, entity.name, description);
    } catch (error) {
      showFailure(M.descriptionSaveFailed, error);
      throw error;
    }
    await refresh();
  };

  return (
    <article className="entity-pane" aria-label={`Entity ${entity.name}`}>
      <header className="entity-pane__header">
        <div className="intent-pane__title">
          <EditableText
            label="Entity name"
            value={entity.name}
            canEdit={canEdit}
            isLocked={entity.isPrebuilt}
            variant="title"
            onSave={rename}
          />
          <span className="content-badge content-badge--type">
            {ENTITY_TYPE_DEFINITIONS[entity.type].badge}
          </span>
        </div>
        <Toggle label={M.expertMode} isChecked={isExpert} onChange={onExpertChange} />
      </header>
      {entity.isPrebuilt ? (
        <p className="content-muted">
          Prebuilt entities are recognised by the engines themselves and cannot be changed.
        </p>
      ) : (
        <EditableText
          label="Entity description"
          value={entity.description}
          placeholder={canEdit ? 'Add a description' : 'No description'}
          canEdit={canEdit}
          isMultiline
          onSave={describe}
        />
      )}
      <SupportedBy entity={entity} />
      {entity.isPrebuilt ? (
        <section aria-label="Prebuilt examples">
          <h3 className="content-section-title">Examples</h3>
          <ul className="content-chips">
            {entity.examples.map((example) => (
              <li key={example} className="content-chip content-chip--plain">
                {example}
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <EntityEditor
          key={entity.name}
          botName={botName}
          entity={entity}
          canManage={canEdit}
          isExpert={isExpert}
        />
      )}
    </article>
  );
}
