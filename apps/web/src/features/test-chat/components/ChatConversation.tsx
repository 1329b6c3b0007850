import { CARD_SUBMIT_EVENT, CHAT_TEXT_MAX_LENGTH } from '@parley/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button, Spinner } from '../../../ui';
import type { ConversationChat, TestChatStatus } from '../hooks/use-conversation-chat';
import { ChatActivity } from './ChatActivity';
import '../test-chat.css';

const STATUS_TEXT: Record<TestChatStatus, string> = {
  starting: 'Starting a conversation...',
  connecting: 'Connecting...',
  ready: '',
  failed: 'The test chat could not start.',
};

/**
 * The messages of a test conversation and the box to write in: what the internal test chat and
 * the public one share. `intro` is shown while nothing has been said yet.
 */
export function ChatConversation({
  chat: { status, log, say },
  intro,
}: {
  chat: Pick<ConversationChat, 'status' | 'log' | 'say'>;
  intro: string;
}) {
  const [text, setText] = useState('');
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
    <>
      <div className="test-chat__messages" role="log" aria-label="Conversation" aria-live="polite">
        {log.entries.length === 0 && isReady && <p className="test-chat__muted">{intro}</p>}
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
        {(log.pending > 0 || log.answersToCome > 0) && <Spinner label="The bot is answering" />}
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
    </>
  );
}
