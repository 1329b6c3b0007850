import { welcomeExamplesFor } from '@parley/contracts';
import { useState } from 'react';
import { Button } from '../../../ui';
import { showFailure } from '../../bot-content';
import { createWelcomeIntent } from '../api/flow-editor-api';

interface MissingWelcomeIntentProps {
  botName: string;
  language: string;
  /** ManageIntents: the right to make an intent. */
  canCreate: boolean;
  onCreated: () => Promise<void>;
}

/**
 * The Welcome Intent chosen in a bot that has none yet (spec 03 section 2.2 lists it first in
 * every bot): what it is, and a button that makes it with greetings as its examples, so its
 * flow can be drawn at once.
 */
export function MissingWelcomeIntent({ botName, language, canCreate, onCreated }: MissingWelcomeIntentProps) {
  const [isBusy, setIsBusy] = useState(false);
  const examples = welcomeExamplesFor(language);
  const create = async () => {
    setIsBusy(true);
    try {
      await createWelcomeIntent(botName, language);
      await onCreated();
    } catch (error) {
      showFailure('Could not create the Welcome intent', error);
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <div className="flow-editor__welcome" role="note" aria-label="Welcome Intent">
      <p>
        {botName} has no Welcome intent yet. The Welcome intent is the intent named Welcome: its flow answers
        the greetings people start a conversation with, such as ‘{examples.join('’, ‘')}’.
      </p>
      {canCreate ? (
        <Button isLoading={isBusy} onClick={() => void create()}>
          Create the Welcome intent
        </Button>
      ) : (
        <p>Someone who may manage intents can create it.</p>
      )}
    </div>
  );
}
