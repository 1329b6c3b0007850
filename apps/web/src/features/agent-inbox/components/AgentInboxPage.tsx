import { channelNameOf, type HandoverMessageView, type HandoverView } from '@parley/contracts';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { PageLoader } from '../../../app/PageLoader';
import { Banner, Button, cx, EmptyState, PageHeader } from '../../../ui';
import { useCurrentUser } from '../../account';
import {
  useHandoverBots,
  useHandoverConversation,
  useInbox,
  useInboxActions,
  useInboxEvents,
} from '../hooks/use-agent-inbox';
import '../agent-inbox.css';

const inboxPath = (conversationId?: string) =>
  conversationId ? `/inbox/${encodeURIComponent(conversationId)}` : '/inbox';

const REASONS: Record<HandoverView['reason'], string> = {
  handoverBlock: 'Asked for a person',
  unrecognizedIntent: 'Not understood',
  negativeSentiment: 'Unhappy',
};

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** What a failed action says: the server's message (another agent took it...), else a plain one. */
const problemOf = (error: unknown) =>
  isApiError(error) ? error.message : 'Parley could not be reached. Try again.';

function ConversationItem({ handover, isSelected }: { handover: HandoverView; isSelected: boolean }) {
  return (
    <li>
      <Link
        to={inboxPath(handover.conversationId)}
        className={cx('agent-inbox__item', isSelected && 'is-selected')}
        aria-current={isSelected ? 'page' : undefined}
      >
        <span className="agent-inbox__user">{handover.userKey}</span>
        <span className="agent-inbox__meta">
          {handover.botDisplayName} · {REASONS[handover.reason]} · since {timeOf(handover.queuedAt)}
        </span>
        {handover.lastUserText && <span className="agent-inbox__preview">{handover.lastUserText}</span>}
      </Link>
    </li>
  );
}

function ConversationList({
  title,
  items,
  empty,
  selectedId,
}: {
  title: string;
  items: readonly HandoverView[];
  empty: string;
  selectedId: string | undefined;
}) {
  const headingId = `agent-inbox-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="agent-inbox__group">
      <h2 id={headingId} className="agent-inbox__group-title">
        {title} <span className="agent-inbox__count">{items.length}</span>
      </h2>
      {items.length === 0 ? (
        <p className="agent-inbox__muted">{empty}</p>
      ) : (
        <ul className="agent-inbox__list">
          {items.map((h) => (
            <ConversationItem key={h.handoverId} handover={h} isSelected={h.conversationId === selectedId} />
          ))}
        </ul>
      )}
    </section>
  );
}

const SPEAKERS: Record<HandoverMessageView['from'], string> = { user: 'User', bot: 'Bot', agent: 'Agent' };

function Message({ message, myId }: { message: HandoverMessageView; myId: string | undefined }) {
  const who =
    message.from === 'agent'
      ? message.agentId === myId
        ? 'You'
        : (message.agentId ?? 'Agent')
      : SPEAKERS[message.from];
  return (
    <li className={cx('agent-inbox__message', `agent-inbox__message--${message.from}`)}>
      <p className="agent-inbox__bubble">{message.text}</p>
      <p className="agent-inbox__byline">
        {who} · {timeOf(message.at)}
      </p>
    </li>
  );
}

function Conversation({ conversationId, myId }: { conversationId: string; myId: string | undefined }) {
  const conversation = useHandoverConversation(conversationId);
  const { take, say, handBack } = useInboxActions(conversationId);
  const [draft, setDraft] = useState('');
  const end = useRef<HTMLLIElement>(null);
  const draftField = useRef<HTMLTextAreaElement>(null);
  const count = conversation.data?.messages.length ?? 0;
  const isMine =
    conversation.data?.handover.status === 'active' && conversation.data.handover.agentId === myId;

  // Once the agent took the conversation, the keyboard goes on in the composer.
  useEffect(() => {
    if (take.isSuccess && isMine) draftField.current?.focus();
  }, [take.isSuccess, isMine]);

  useEffect(() => {
    if (count > 0) end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);

  if (conversation.isPending) return <p className="agent-inbox__muted">Loading the conversation…</p>;
  if (conversation.error || !conversation.data)
    return <Banner tone="error">{problemOf(conversation.error)}</Banner>;

  const { handover, messages } = conversation.data;
  const failure = take.error ?? say.error ?? handBack.error;

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    const text = draft.trim();
    if (!isMine || text === '' || say.isPending) return;
    say.mutate(text, { onSuccess: () => setDraft('') });
  };
  // Enter sends, Shift+Enter starts a new line.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) send(event);
  };

  const status =
    handover.status === 'queued'
      ? 'Waiting for an agent'
      : handover.status === 'ended'
        ? 'Handed back to the bot'
        : isMine
          ? 'You are chatting with this user'
          : `With ${handover.agentId ?? 'another agent'}`;

  return (
    <>
      <header className="agent-inbox__chat-header">
        <div>
          <h2 className="agent-inbox__chat-title">{handover.userKey}</h2>
          <p className="agent-inbox__meta">
            {handover.botDisplayName} · {channelNameOf(handover.channel)} ·{' '}
            <span role="status">{status}</span>
          </p>
        </div>
        <div className="agent-inbox__actions">
          {handover.status === 'queued' && (
            <Button isLoading={take.isPending} onClick={() => take.mutate(conversationId)}>
              Take
            </Button>
          )}
          {(isMine || handover.status === 'queued') && (
            <Button variant="secondary" isLoading={handBack.isPending} onClick={() => handBack.mutate()}>
              Hand back to the bot
            </Button>
          )}
        </div>
      </header>
      {failure && (
        <Banner
          tone="warning"
          onDismiss={() => {
            take.reset();
            say.reset();
            handBack.reset();
          }}
        >
          {problemOf(failure)}
        </Banner>
      )}
      <ol className="agent-inbox__messages" aria-label="Messages" aria-live="polite">
        {messages.map((message) => (
          <Message key={message.turnId} message={message} myId={myId} />
        ))}
        <li ref={end} aria-hidden="true" className="agent-inbox__end" />
      </ol>
      <form className="agent-inbox__composer" onSubmit={send}>
        <label htmlFor="agent-inbox-draft" className="agent-inbox__composer-label">
          Message to the user
        </label>
        <textarea
          ref={draftField}
          id="agent-inbox-draft"
          className="agent-inbox__draft"
          rows={2}
          maxLength={4000}
          value={draft}
          disabled={!isMine}
          aria-describedby="agent-inbox-draft-hint"
          placeholder={isMine ? 'Write your answer' : 'Take the conversation to answer'}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <p id="agent-inbox-draft-hint" className="agent-inbox__muted">
          Enter sends, Shift+Enter starts a new line.
        </p>
        <Button type="submit" disabled={!isMine || draft.trim() === ''} isLoading={say.isPending}>
          Send
        </Button>
      </form>
    </>
  );
}

/**
 * /inbox/{conversationId?}: the agent inbox (issue 13). Conversations waiting for a person on the
 * bots the user answers for (permission 60), the user's own, and one conversation live: Take,
 * the chat, a composer and 'Hand back to the bot'. Everything arrives over the websocket.
 */
export function AgentInboxPage() {
  const { conversationId } = useParams();
  const navigate = useNavigate();
  const user = useCurrentUser().data;
  const bots = useHandoverBots();
  const inbox = useInbox();
  useInboxEvents(bots.data?.bots.map((b) => b.botId) ?? []);

  useEffect(() => {
    if (user && !user.canAnswerHandovers) navigate('/bots', { replace: true });
  }, [user, navigate]);

  if (!bots.data || !inbox.data) return <PageLoader label="Loading the agent inbox" />;

  return (
    <div className="agent-inbox">
      <PageHeader
        title="Agent inbox"
        description="Conversations the bots handed to a person: take one, chat with the user, and hand it back to the bot."
      />
      {bots.data.bots.length === 0 ? (
        <EmptyState
          title="No bots to answer for"
          description="You answer handed-over conversations of the bots where your role has 'Answer handed-over conversations'."
        />
      ) : (
        <div className="agent-inbox__layout">
          <nav className="agent-inbox__sidebar" aria-label="Handed-over conversations">
            <ConversationList
              title="Waiting"
              items={inbox.data.waiting}
              empty="Nobody is waiting."
              selectedId={conversationId}
            />
            <ConversationList
              title="Mine"
              items={inbox.data.mine}
              empty="You are not chatting with anyone."
              selectedId={conversationId}
            />
          </nav>
          <section className="agent-inbox__chat" aria-label="Conversation">
            {conversationId ? (
              <Conversation key={conversationId} conversationId={conversationId} myId={user?.id} />
            ) : (
              <p className="agent-inbox__muted">Choose a conversation to read it and take it.</p>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
