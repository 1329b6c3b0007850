import {
  CUSTOM_ENTITY_TYPES,
  type CustomEntityType,
  ENTITY_TYPE_DEFINITIONS,
  entityContentProblem,
  isValidEntityName,
  ENTITY_MESSAGES as M,
  normaliseEntityContent,
} from '@parley/contracts';
import { useState } from 'react';
import { fieldErrorOf, showFailure } from '../../../api/server-error';
import { Button, Modal, Tabs, TextField } from '../../../ui';
import { useContentRefresh } from '../../bot-content';
import { createEntity } from '../api/entities-api';
import { EntityContentFields } from './EntityContentFields';
import { contentRequestOf, EMPTY_DRAFT, isSameDraft } from './entity-draft';

interface CreateEntityModalProps {
  botName: string;
  isExpert: boolean;
  onClose: () => void;
  onCreated: (name: string) => void;
}

/** The Create Entity modal with its tabs Closed List, Simple and Regex (spec 02 section 2.3). */
export function CreateEntityModal({ botName, isExpert, onClose, onCreated }: CreateEntityModalProps) {
  const refresh = useContentRefresh(botName);
  const [type, setType] = useState<CustomEntityType>('closedlists');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [draft, setDraft] = useState(EMPTY_DRAFT);
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const [contentError, setContentError] = useState<string | undefined>(undefined);
  const [isSaving, setIsSaving] = useState(false);
  const isDirty = name !== '' || description !== '' || !isSameDraft(draft, EMPTY_DRAFT);

  const submit = async () => {
    const request = contentRequestOf(type, draft);
    const problem = entityContentProblem(type, normaliseEntityContent(type, request), 'create');
    const badName = isValidEntityName(name.trim()) ? undefined : M.invalidName;
    setNameError(badName);
    setContentError(problem?.message);
    if (badName || problem) return;
    setIsSaving(true);
    try {
      const entity = await createEntity(botName, {
        name: name.trim(),
        description: description.trim(),
        type,
        ...request,
      });
      await refresh();
      onCreated(entity.name);
    } catch (error) {
      const refusal = fieldErrorOf(error);
      if (refusal?.field === 'name') setNameError(refusal.message);
      else if (refusal) setContentError(refusal.message);
      else showFailure('Error!', error);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Modal
      title="Create Entity"
      onClose={onClose}
      isDirty={isDirty}
      size="lg"
      footer={(requestClose) => (
        <>
          <Button variant="secondary" onClick={requestClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} isLoading={isSaving}>
            Create
          </Button>
        </>
      )}
    >
      <div className="content-form">
        <Tabs
          label="Entity type"
          tabs={CUSTOM_ENTITY_TYPES.map((id) => ({ id, label: ENTITY_TYPE_DEFINITIONS[id].createTab ?? id }))}
          selectedId={type}
          onSelect={(id) => {
            setType(id as CustomEntityType);
            setContentError(undefined);
          }}
        >
          <div className="content-form">
            <TextField
              label="Name"
              value={name}
              error={nameError}
              hint='Letters, digits and "_".'
              onChange={(event) => {
                setName(event.target.value);
                setNameError(undefined);
              }}
            />
            <TextField
              label="Description"
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
            <EntityContentFields
              type={type}
              draft={draft}
              onChange={(next) => {
                setDraft(next);
                setContentError(undefined);
              }}
              canEdit
              isExpert={isExpert}
            />
            {contentError && (
              <p className="field__error" role="alert">
                {contentError}
              </p>
            )}
          </div>
        </Tabs>
      </div>
    </Modal>
  );
}
