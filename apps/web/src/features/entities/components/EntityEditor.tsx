import { type CustomEntityType, type EntityView, MESSAGES } from '@parley/contracts';
import { useState } from 'react';
import { fieldErrorOf, showFailure } from '../../../api/server-error';
import { Button, popup } from '../../../ui';
import { useContentRefresh } from '../../bot-content';
import { updateEntity } from '../api/entities-api';
import { EntityContentFields } from './EntityContentFields';
import { contentRequestOf, draftOf, isSameDraft } from './entity-draft';

interface EntityEditorProps {
  botName: string;
  entity: EntityView;
  canManage: boolean;
  isExpert: boolean;
}

/** A custom entity's values, regexes, examples and roles, saved together. */
export function EntityEditor({ botName, entity, canManage, isExpert }: EntityEditorProps) {
  const refresh = useContentRefresh(botName);
  const [draft, setDraft] = useState(() => draftOf(entity));
  const [isSaving, setIsSaving] = useState(false);
  const isDirty = !isSameDraft(draft, draftOf(entity));

  const save = async () => {
    setIsSaving(true);
    try {
      const saved = await updateEntity(
        botName,
        entity.name,
        contentRequestOf(entity.type as CustomEntityType, draft),
      );
      setDraft(draftOf(saved));
      await refresh();
      void popup.info({ title: MESSAGES.admin.roleSaved });
    } catch (error) {
      const refusal = fieldErrorOf(error);
      if (refusal) void popup.error({ title: MESSAGES.invalidData, text: refusal.message });
      else showFailure(MESSAGES.errorTitle, error);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <div className="entity-editor">
      <EntityContentFields
        type={entity.type as CustomEntityType}
        draft={draft}
        onChange={setDraft}
        canEdit={canManage}
        isExpert={isExpert}
      />
      {canManage && (
        <div className="entity-editor__footer">
          <Button variant="ghost" disabled={!isDirty || isSaving} onClick={() => setDraft(draftOf(entity))}>
            Undo changes
          </Button>
          <Button onClick={() => void save()} disabled={!isDirty} isLoading={isSaving}>
            Save
          </Button>
        </div>
      )}
    </div>
  );
}
