import { type IntentView, INTENT_MESSAGES as M, MESSAGES, type PlaceholderEntity } from '@parley/contracts';
import { useState } from 'react';
import { fieldErrorOf, showFailure } from '../../../api/server-error';
import { Button, popup, SparklesIcon } from '../../../ui';
import { ExampleInput } from '../../bot-content';
import { addExample, generateIntentUtterances } from '../api/intents-api';
import { useUtteranceProposals } from '../hooks/use-utterance-proposals';
import { ExampleRow } from './ExampleRow';
import { UtteranceProposals } from './UtteranceProposals';

interface ExampleListProps {
  botName: string;
  intent: IntentView;
  entities: readonly PlaceholderEntity[];
  canManage: boolean;
  onChanged: () => Promise<void>;
}

/** Spec 02 section 8: 'Invalid data provided' with the server's message when adding or generating fails. */
function showRefusal(error: unknown) {
  const refusal = fieldErrorOf(error);
  if (refusal) void popup.error({ title: MESSAGES.invalidData, text: refusal.message });
  else showFailure(MESSAGES.invalidData, error);
}

/**
 * The Utterance list: the add box with Auto generate and its proposals under review, then every
 * utterance and pattern of the intent.
 */
export function ExampleList({ botName, intent, entities, canManage, onChanged }: ExampleListProps) {
  const [text, setText] = useState('');
  const [isAdding, setIsAdding] = useState(false);
  const [isAddingProposals, setIsAddingProposals] = useState(false);
  const generated = useUtteranceProposals();
  const examples = [
    ...intent.patterns.map((example) => ({ example, kind: 'patterns' as const })),
    ...intent.utterances.map((example) => ({ example, kind: 'utterances' as const })),
  ];

  const add = async () => {
    const typed = text.trim();
    if (typed.length <= 1) {
      void popup.error({ title: MESSAGES.invalidData, text: M.utteranceTooShort });
      return;
    }
    setIsAdding(true);
    try {
      await addExample(botName, intent.name, typed);
      setText('');
      await onChanged();
    } catch (error) {
      showRefusal(error);
    } finally {
      setIsAdding(false);
    }
  };

  const autoGenerate = () =>
    void generated.generate(() => generateIntentUtterances(botName, intent.name), showRefusal);

  /**
   * The checked proposals become examples one by one, in their order (the examples call takes
   * one). A refusal stops there: the ones added leave the review list, the rest stay to fix.
   */
  const addProposals = async () => {
    const chosen = generated.proposals.filter((p) => p.isChecked);
    const added = new Set<number>();
    setIsAddingProposals(true);
    try {
      for (const proposal of chosen) {
        if (proposal.text.trim().length <= 1) {
          void popup.error({ title: MESSAGES.invalidData, text: M.utteranceTooShort });
          return;
        }
        await addExample(botName, intent.name, proposal.text.trim());
        added.add(proposal.id);
      }
      generated.remove();
    } catch (error) {
      showRefusal(error);
    } finally {
      if (added.size < chosen.length) generated.remove(added);
      setIsAddingProposals(false);
      if (added.size > 0) await onChanged();
    }
  };

  return (
    <section className="example-list" aria-label="Utterances">
      <h3 className="content-section-title">
        Utterances <span className="content-count">{examples.length}</span>
      </h3>
      {canManage && (
        <div className="example-list__add">
          <ExampleInput
            label="New utterance or pattern"
            placeholder={M.examplePlaceholder}
            value={text}
            onChange={setText}
            onSubmit={() => void add()}
            entities={entities}
            isDisabled={isAdding}
          />
          <Button onClick={() => void add()} isLoading={isAdding}>
            Add
          </Button>
          <Button
            variant="secondary"
            icon={<SparklesIcon aria-hidden="true" />}
            onClick={autoGenerate}
            isLoading={generated.isGenerating}
          >
            Auto generate
          </Button>
        </div>
      )}
      {canManage && (
        <UtteranceProposals
          proposals={generated.proposals}
          entities={entities}
          onChange={generated.change}
          onAdd={() => void addProposals()}
          onDiscard={() => generated.remove()}
          isAdding={isAddingProposals}
        />
      )}
      {examples.length === 0 ? (
        <p className="content-muted">This intent has no examples yet.</p>
      ) : (
        <ul className="example-list__items">
          {examples.map(({ example, kind }) => (
            <ExampleRow
              key={example.ids.internal}
              botName={botName}
              intentName={intent.name}
              example={example}
              kind={kind}
              entities={entities}
              canManage={canManage}
              onChanged={onChanged}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
