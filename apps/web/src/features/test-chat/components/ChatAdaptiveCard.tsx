import { useEffect, useRef, useState } from 'react';

interface ChatAdaptiveCardProps {
  card: Record<string, unknown>;
  /** A Submit action of the card: its inputs' values by id. */
  onSubmit: (values: Record<string, unknown>) => void;
  canSubmit: boolean;
}

/**
 * An adaptive card the bot sent, drawn with the adaptivecards library (loaded with the first
 * card). Submit actions send the card's input values back; Open URL actions open the link.
 */
export function ChatAdaptiveCard({ card, onSubmit, canSubmit }: ChatAdaptiveCardProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [isInvalid, setIsInvalid] = useState(false);
  const submitRef = useRef({ onSubmit, canSubmit });
  submitRef.current = { onSubmit, canSubmit };

  useEffect(() => {
    let isCurrent = true;
    void import('adaptivecards')
      .then((AdaptiveCards) => {
        if (!isCurrent || !hostRef.current) return;
        const adaptiveCard = new AdaptiveCards.AdaptiveCard();
        adaptiveCard.onExecuteAction = (action) => {
          if (action instanceof AdaptiveCards.SubmitAction && submitRef.current.canSubmit) {
            const data = action.data;
            submitRef.current.onSubmit(typeof data === 'object' && data !== null ? { ...data } : {});
          } else if (action instanceof AdaptiveCards.OpenUrlAction && action.url) {
            window.open(action.url, '_blank', 'noopener');
          }
        };
        adaptiveCard.parse(card);
        const rendered = adaptiveCard.render();
        hostRef.current.replaceChildren(...(rendered ? [rendered] : []));
        setIsInvalid(!rendered);
      })
      .catch(() => {
        if (isCurrent) setIsInvalid(true);
      });
    return () => {
      isCurrent = false;
    };
  }, [card]);

  return (
    <div className="test-chat__bubble test-chat__bubble--bot test-chat__card">
      {isInvalid && <p role="alert">This card cannot be shown.</p>}
      <div ref={hostRef} data-testid="adaptive-card" hidden={isInvalid} />
    </div>
  );
}
