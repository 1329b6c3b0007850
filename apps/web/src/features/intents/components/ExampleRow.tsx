import { type IntentExample, INTENT_MESSAGES as M, type PlaceholderEntity } from '@parley/contracts';
import { useState } from 'react';
import { fieldErrorOf, showFailure } from '../../../api/server-error';
import { Button, PencilIcon, popup, TrashIcon } from '../../../ui';
import { ExampleInput, HighlightedExample } from '../../bot-content';
import { deleteExample, updateExample } from '../api/intents-api';

interface ExampleRowProps {
  botName: string;
  intentName: string;
  example: IntentExample;
  kind: 'utterances' | 'patterns';
  entities: readonly PlaceholderEntity[];
  canManage: boolean;
  onChanged: () => Promise<void>;
}

/** One utterance or pattern: its text, and (with the permission) edit in place and delete. */
export function ExampleRow({
  botName,
  intentName,
  example,
  kind,
  entities,
  canManage,
  onChanged,
}: ExampleRowProps) {
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const [isBusy, setIsBusy] = useState(false);
  const isPattern = kind === 'patterns';

  const save = async () => {
    if (draft === undefined) return;
    if (draft.trim() === example.text) {
      setDraft(undefined);
      return;
    }
    setIsBusy(true);
    try {
      await updateExample(botName, intentName, example.ids.internal, draft.trim());
      setDraft(undefined);
      await onChanged();
    } catch (error) {
      const refusal = fieldErrorOf(error);
      void popup.error({
        title: M.exampleChangeFailed,
        text: refusal ? `${refusal.message} ${M.exampleChangeHint}` : M.exampleChangeHint,
      });
    } finally {
      setIsBusy(false);
    }
  };

  const remove = async () => {
    const isSure = await popup.confirm({
      title: 'Delete example?',
      text: `Are you sure you want to delete "${example.text}"?`,
      actionText: 'Delete',
      isDanger: true,
    });
    if (!isSure) return;
    setIsBusy(true);
    try {
      await deleteExample(botName, intentName, kind, example.ids.internal);
      await onChanged();
    } catch (error) {
      showFailure('Deletion error', error);
    } finally {
      setIsBusy(false);
    }
  };

  if (draft !== undefined) {
    return (
      <li className="example-row example-row--editing">
        <ExampleInput
          label="Edit example"
          value={draft}
          onChange={setDraft}
          onSubmit={() => void save()}
          onEscape={() => setDraft(undefined)}
          entities={entities}
          isDisabled={isBusy}
          autoFocus
        />
        <Button size="sm" onClick={() => void save()} isLoading={isBusy}>
          Save
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setDraft(undefined)}>
          Cancel
        </Button>
      </li>
    );
  }

  return (
    <li className="example-row">
      <span className="example-row__text">
        <HighlightedExample text={example.text} isPattern={isPattern} />
      </span>
      {isPattern && <span className="content-badge">Pattern</span>}
      {canManage && (
        <span className="example-row__actions">
          <button
            type="button"
            className="icon-button"
            aria-label={`Edit "${example.text}"`}
            onClick={() => setDraft(example.text)}
            disabled={isBusy}
          >
            <PencilIcon aria-hidden="true" />
          </button>
          <button
            type="button"
            className="icon-button icon-button--danger"
            aria-label={`Delete "${example.text}"`}
            onClick={() => void remove()}
            disabled={isBusy}
          >
            <TrashIcon aria-hidden="true" />
          </button>
        </span>
      )}
    </li>
  );
}
