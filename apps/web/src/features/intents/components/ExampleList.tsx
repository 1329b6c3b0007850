import { type IntentView, INTENT_MESSAGES as M, MESSAGES, type PlaceholderEntity } from '@parley/contracts';
import { useState } from 'react';
import { fieldErrorOf, showFailure } from '../../../api/server-error';
import { Button, popup } from '../../../ui';
import { ExampleInput } from '../../bot-content';
import { addExample } from '../api/intents-api';
import { ExampleRow } from './ExampleRow';

interface ExampleListProps {
  botName: string;
  intent: IntentView;
  entities: readonly PlaceholderEntity[];
  canManage: boolean;
  onChanged: () => Promise<void>;
}

/** The Utterance list: the add box, then every utterance and pattern of the intent. */
export function ExampleList({ botName, intent, entities, canManage, onChanged }: ExampleListProps) {
  const [text, setText] = useState('');
  const [isAdding, setIsAdding] = useState(false);
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
      const refusal = fieldErrorOf(error);
      if (refusal) void popup.error({ title: MESSAGES.invalidData, text: refusal.message });
      else showFailure(MESSAGES.invalidData, error);
    } finally {
      setIsAdding(false);
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
        </div>
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
