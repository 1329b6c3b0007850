import {
  ENTITY_TYPE_DEFINITIONS,
  type EntityFileEntry,
  isValidEntityName,
  ENTITY_MESSAGES as M,
} from '@parley/contracts';
import { ImportContentModal, nameRefusalOf, useContentRefresh } from '../../bot-content';
import { importEntity, stageEntityImport } from '../api/entities-api';

interface ImportEntityModalProps {
  botName: string;
  /** Names an imported entity may not take: the bot's entities (prebuilt ones too) and intents. */
  takenNames: readonly string[];
  onClose: () => void;
  onImported: (name: string) => void;
}

/** Import Entity (spec 02 section 2.3). */
export function ImportEntityModal({ botName, takenNames, onClose, onImported }: ImportEntityModalProps) {
  const refresh = useContentRefresh(botName);
  return (
    <ImportContentModal<EntityFileEntry>
      noun="Entity"
      takenNames={takenNames}
      takenMessage={M.nameTakenOnImport}
      nameProblem={(name) => (isValidEntityName(name.trim()) ? undefined : M.invalidName)}
      stage={stageEntityImport}
      nameOf={(entity) => entity.name}
      importAs={async (name, file) => {
        const entity = await importEntity(botName, name, file);
        await refresh();
        return entity.name;
      }}
      nameRefusalOf={nameRefusalOf}
      summary={(staged) => (
        <>
          <dt>Type</dt>
          <dd>{ENTITY_TYPE_DEFINITIONS[staged.type].badge}</dd>
          <dt>Values</dt>
          <dd>
            {staged.type === 'closedlists'
              ? staged.sublists.map((s) => s.canonicalForm).join(', ')
              : [...staged.regexes, ...staged.examples].join(', ')}
          </dd>
          <dt>Roles</dt>
          <dd>{staged.roles.length > 0 ? staged.roles.map((r) => r.name).join(', ') : 'None'}</dd>
        </>
      )}
      onClose={onClose}
      onImported={onImported}
    />
  );
}
