import { useState } from 'react';
import { Spinner } from '../../../../ui';
import { randomJoke } from './bot-jokes';

/** The overview's loading screen: a spinner and a joke picked at random for this visit. */
export function BotsLoading() {
  const [joke] = useState(randomJoke);
  return (
    <div className="bots-loading">
      <Spinner size="lg" label="Loading your bots" />
      <p className="bots-loading__joke" data-testid="bot-joke">
        {joke}
      </p>
    </div>
  );
}
