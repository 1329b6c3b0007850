import { useState } from 'react';
import { Spinner } from '../../../ui';
import { randomLoadingPhrase } from '../loading-phrases';

/** The list's loading screen: a spinner and a phrase picked at random for this visit. */
export function LlmsLoading() {
  const [phrase] = useState(randomLoadingPhrase);
  return (
    <div className="llms-loading">
      <Spinner size="lg" label="Loading your LLMs" />
      <p className="llms-loading__phrase" data-testid="llm-loading-phrase">
        {phrase}
      </p>
    </div>
  );
}
