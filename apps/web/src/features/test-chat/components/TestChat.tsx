import { CARD_SUBMIT_EVENT, CHAT_TEXT_MAX_LENGTH } from '@parley/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button, CloseIcon, Spinner } from '../../../ui';
import { useTestChat } from '../hooks/use-test-chat';
import { ChatActivity } from './ChatActivity';
import { ChatDetails } from './ChatDetails';
import '../test-chat.css';

const STATUS_TEXT = {
  starting: 'Starting a conversation...',
  connecting: 'Connecting...',
  ready: '',
  failed: 'The test chat could not start.',
} as const;

/**
 * The internal test chat of the bot page (permission 27): talks to the bot with the flows
 * activated to test and its published model; 'Show details' shows what the bot understood.
 */
export function TestChat({ botName, onClose }: { botName: string; onClose: () => void }) {
  const { status, log, say, restart } = useTestChat(botName);
  const [text, setText] = useState('');
  const [isShowingDetails, setIsShowingDetails] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  const isReady = status === 'ready';

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever a bubble is added
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [log.entries.length]);

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    if (say({ type: 'text', text })) setText('');
  };

  return (
    <aside className="test-chat" aria-label="Test chat">
      <header className="test-chat__header">
        <h2 className="test-chat__title">Test chat</h2>
        <div className="test-chat__actions">
          <Button size="sm" variant="ghost" onClick={() => setIsShowingDetails((shown) => !shown)}>
            {isShowingDetails ? 'Hide details' : 'Show details'}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => void restart()} disabled={status === 'starting'}>
            Restart
          </Button>
          <Button
            size="sm"
            variant="ghost"
            icon={<CloseIcon />}
            aria-label="Close test chat"
            onClick={onClose}
          />
        </div>
      </header>
      {isShowingDetails && <ChatDetails details={log.details} recognitions={log.recognitions} />}
      <div className="test-chat__messages" role="log" aria-label="Conversation" aria-live="polite">
        {log.entries.length === 0 && isReady && (
          <p className="test-chat__muted">
            Say something to the bot. It answers with the flows activated to test.
          </p>
        )}
        {log.entries.map((entry) =>
          entry.from === 'bot' ? (
            <ChatActivity
              key={entry.id}
              activity={entry.activity}
              canChoose={isReady}
              onChoose={(option) => say({ type: 'click', text: option })}
              onSubmitCard={(values) => say({ type: 'event', name: CARD_SUBMIT_EVENT, value: values })}
            />
          ) : entry.from === 'user' ? (
            <p key={entry.id} className="test-chat__bubble test-chat__bubble--user">
              {'text' in entry.activity ? entry.activity.text : entry.activity.type}
            </p>
          ) : (
            <p key={entry.id} className="test-chat__event" role="alert">
              {entry.text}
            </p>
          ),
        )}
        {log.pending > 0 && <Spinner label="The bot is answering" />}
        <div ref={end} />
      </div>
      {STATUS_TEXT[status] && <p className="test-chat__status">{STATUS_TEXT[status]}</p>}
      <form className="test-chat__form" onSubmit={send}>
        <input
          className="input"
          aria-label="Message"
          placeholder="Type a message"
          maxLength={CHAT_TEXT_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.target.value)}
          disabled={!isReady}
        />
        <Button type="submit" disabled={!isReady || text.trim() === ''}>
          Send
        </Button>
      </form>
    </aside>
  );
}
