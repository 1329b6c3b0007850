import { FUNCTION_MESSAGES as M } from '@parley/contracts';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '../../../../ui';
import type { InputRow } from '../../function-draft';
import { fillCard } from './fill-card';

interface AdaptiveCardPreviewProps {
  json: string;
  inputs: readonly InputRow[];
}

type PreviewState = 'loading' | 'shown' | 'invalid';

/**
 * Renders the card with the adaptivecards library, loaded only when a card is shown (it is a
 * large library the rest of the app does not need). Actions do nothing in a preview.
 */
export function AdaptiveCardPreview({ json, inputs }: AdaptiveCardPreviewProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<PreviewState>('loading');

  useEffect(() => {
    let isCurrent = true;
    const card = fillCard(json, inputs);
    if (!card) {
      setState('invalid');
      return;
    }
    setState('loading');
    void import('adaptivecards')
      .then((AdaptiveCards) => {
        if (!isCurrent || !hostRef.current) return;
        const adaptiveCard = new AdaptiveCards.AdaptiveCard();
        adaptiveCard.onExecuteAction = () => undefined;
        adaptiveCard.parse(card);
        const rendered = adaptiveCard.render();
        hostRef.current.replaceChildren(...(rendered ? [rendered] : []));
        setState(rendered ? 'shown' : 'invalid');
      })
      .catch(() => {
        if (isCurrent) setState('invalid');
      });
    return () => {
      isCurrent = false;
    };
  }, [json, inputs]);

  return (
    <div className="card-preview">
      {state === 'loading' && <Spinner label="Rendering the card" />}
      {state === 'invalid' && (
        <p className="function-output__error" role="alert">
          {M.invalidAdaptiveCard}
        </p>
      )}
      <div
        ref={hostRef}
        className="card-preview__card"
        hidden={state !== 'shown'}
        data-testid="adaptive-card"
      />
    </div>
  );
}
