import { ENTITY_TYPE_DEFINITIONS, type EntityView, ENTITY_MESSAGES as M } from '@parley/contracts';
import { savingWith } from '../../../api/server-error';
import { Toggle } from '../../../ui';
import { EditableText, useContentRefresh } from '../../bot-content';
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

  const rename = savingWith(
    M.renameFailed,
    (newName) => renameEntity(botName, entity.name, newName),
    async (newName) => {
      await refresh();
      onRenamed(newName);
    },
  );

  const describe = savingWith(
    M.descriptionSaveFailed,
    (description) => updateEntityDescription(botName, entity.name, description),
    refresh,
  );

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
