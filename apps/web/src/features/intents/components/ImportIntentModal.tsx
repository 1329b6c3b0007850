import {
  type IntentImportStaging,
  type IntentSummary,
  isValidIntentName,
  INTENT_MESSAGES as M,
} from '@parley/contracts';
import { ImportContentModal, nameRefusalOf, useContentRefresh } from '../../bot-content';
import { importIntent, stageIntentImport } from '../api/intents-api';

interface ImportIntentModalProps {
  botName: string;
  intents: readonly IntentSummary[];
  onClose: () => void;
  onImported: (name: string) => void;
}

/** Import Intent (spec 02 section 2.2). */
export function ImportIntentModal({ botName, intents, onClose, onImported }: ImportIntentModalProps) {
  const refresh = useContentRefresh(botName);
  return (
    <ImportContentModal<IntentImportStaging>
      noun="Intent"
      takenNames={intents.map((i) => i.name)}
      takenMessage={M.nameTaken}
      nameProblem={(name) => (isValidIntentName(name.trim()) ? undefined : M.invalidName)}
      stage={stageIntentImport}
      nameOf={(staged) => staged.name}
      importAs={async (name, file) => {
        const result = await importIntent(botName, name, file);
        await refresh();
        return result.intent.name;
      }}
      nameRefusalOf={nameRefusalOf}
      summary={(staged) => (
        <>
          <dt>Type</dt>
          <dd>{staged.type === 'faq' ? 'FAQ intent' : staged.isRedirect ? 'Redirect intent' : 'Intent'}</dd>
          <dt>Utterances</dt>
          <dd>{staged.utterances}</dd>
          <dt>Patterns</dt>
          <dd>{staged.patterns}</dd>
          <dt>Entities</dt>
          <dd>{staged.entities.length > 0 ? staged.entities.join(', ') : 'None'}</dd>
        </>
      )}
      onClose={onClose}
      onImported={onImported}
    />
  );
}
