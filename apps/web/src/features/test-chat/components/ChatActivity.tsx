import type { OutboundActivity } from '@parley/contracts';
import { Button } from '../../../ui';
import { AnswerSources } from '../../llms';
import { ChatAdaptiveCard } from './ChatAdaptiveCard';

const EVENT_TEXT: Record<Extract<OutboundActivity, { type: 'event' }>['name'], string> = {
  handover: 'The conversation is handed over to a person.',
  endOfConversation: 'The conversation ended.',
  redirectCall: 'The call is redirected.',
  redirectToBot: 'The conversation goes on with another bot.',
  functionEvent: 'An event is sent to the chat page.',
};

/** One answer of the bot, drawn as the chat shows it: text, buttons, an image, a file, a card or an event. */
export function ChatActivity({
  activity,
  onChoose,
  onSubmitCard,
  canChoose,
}: {
  activity: OutboundActivity;
  onChoose: (option: string) => void;
  /** A submitted adaptive card's values; without it, cards are shown but cannot be submitted. */
  onSubmitCard?: (values: Record<string, unknown>) => void;
  canChoose: boolean;
}) {
  switch (activity.type) {
    case 'text':
      return activity.sources && activity.sources.length > 0 ? (
        <div className="test-chat__bubble test-chat__bubble--bot">
          <p>{activity.text}</p>
          <AnswerSources sources={activity.sources} />
        </div>
      ) : (
        <p className="test-chat__bubble test-chat__bubble--bot">{activity.text}</p>
      );
    case 'options':
    case 'rating':
      return (
        <div className="test-chat__bubble test-chat__bubble--bot">
          {activity.type === 'options' && activity.image && (
            <img src={activity.image} alt="" className="test-chat__image" />
          )}
          {activity.text && <p>{activity.text}</p>}
          <fieldset className="test-chat__choices" aria-label={activity.text || 'Choices'}>
            {activity.options.map((option) => (
              <Button
                key={option}
                size="sm"
                variant="secondary"
                disabled={!canChoose}
                onClick={() => onChoose(option)}
              >
                {option}
              </Button>
            ))}
          </fieldset>
        </div>
      );
    case 'image':
      return (
        <img className="test-chat__image test-chat__bubble--bot" src={activity.url} alt="Sent by the bot" />
      );
    case 'attachment':
      return <p className="test-chat__bubble test-chat__bubble--bot">File: {activity.name}</p>;
    case 'event':
      return <p className="test-chat__event">{EVENT_TEXT[activity.name]}</p>;
    case 'adaptiveCard':
      return (
        <ChatAdaptiveCard
          card={activity.card}
          canSubmit={canChoose && onSubmitCard !== undefined}
          onSubmit={(values) => onSubmitCard?.(values)}
        />
      );
  }
}
