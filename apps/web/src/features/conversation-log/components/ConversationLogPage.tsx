import {
  type ChatMessageView,
  CONVERSATION_LOG_DEFAULT_HOURS,
  type ConversationSummaryView,
  channelNameOf,
  CONVERSATION_LOG_MESSAGES as M,
  type OutboundActivity,
  Permission,
  TEST_CHAT_CHANNELS,
} from '@parley/contracts';
import { Fragment, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { handleApiError } from '../../../api/error-reactions';
import { PageLoader } from '../../../app/PageLoader';
import {
  ArrowLeftIcon,
  Button,
  cx,
  DownloadIcon,
  formatDate,
  formatDateTime,
  PageHeader,
  Select,
} from '../../../ui';
import { downloadMessageHistory, useBotPermissionIds } from '../../bots';
import { ChatActivity } from '../../test-chat';
import { answerDelayMs, timeOfDay } from '../hooks/message-times';
import { useConversation, useConversations, useRecentMessages } from '../hooks/use-conversation-log';
import '../conversation-log.css';

const TIME_FILTERS = [
  { value: '336', label: 'Last 2 weeks' },
  { value: '168', label: 'Last week' },
  { value: '24', label: 'Last day' },
  { value: '12', label: 'Last 12 hours' },
  { value: '6', label: 'Last 6 hours' },
  { value: '2', label: 'Last 2 hours' },
];

const logPath = (botName: string, conversationId?: string) =>
  `/bots/${encodeURIComponent(botName)}/conversation/log${conversationId ? `/${encodeURIComponent(conversationId)}` : ''}`;

function Message({ message }: { message: ChatMessageView }) {
  const delay = answerDelayMs(message);
  const isUser = message.type === 'received';
  return (
    <li className={cx('conversation-log__message', isUser && 'conversation-log__message--user')}>
      {isUser ? (
        <p className="test-chat__bubble test-chat__bubble--user">
          {'text' in message.message ? message.message.text : message.message.type}
        </p>
      ) : (
        <ChatActivity
          activity={message.message as OutboundActivity}
          canChoose={false}
          onChoose={() => undefined}
        />
      )}
      <p className="conversation-log__times">
        {isUser ? 'Received' : message.agentId ? `Sent by ${message.agentId} (agent)` : 'Text sent'}{' '}
        {timeOfDay(message.timestamp)}
        {delay !== null && ` · ${delay} ms after the message`}
      </p>
    </li>
  );
}

/** A conversation's channel by name; an unknown one of a test conversation is the test chat. */
const channelLabel = (c: ConversationSummaryView) => {
  const name = channelNameOf(c.channel);
  return name === c.channel && c.isTest ? TEST_CHAT_CHANNELS.internal.name : name;
};

/** The newest time the screen shows: what the recent messages are asked after. */
const newestOf = (
  conversations: readonly ConversationSummaryView[] | undefined,
  messages: readonly ChatMessageView[] | undefined,
) =>
  [...(conversations ?? []).map((c) => c.lastActivityAt), ...(messages ?? []).map((m) => m.timestamp)].reduce<
    string | undefined
  >((newest, time) => (!newest || time > newest ? time : newest), undefined);

/**
 * /bots/{botName}/conversation/log/{conversationId?} (spec 01 'Conversation log', permission 6):
 * the bot's conversations of the chosen time span and one of them message by message, a day's
 * date (day-month-year) before its first message; recent messages are polled every 120 s while
 * open. A failure says why and goes back to the bots.
 */
export function ConversationLogPage() {
  const { botName = '', conversationId } = useParams();
  const navigate = useNavigate();
  const [hours, setHours] = useState(CONVERSATION_LOG_DEFAULT_HOURS);
  const permissions = useBotPermissionIds(botName);
  const mayRead = permissions.data?.includes(Permission.SeeConversationLog) ?? false;
  const list = useConversations(botName, hours);
  const one = useConversation(botName, conversationId);
  const error = list.error ?? one.error ?? permissions.error;
  useRecentMessages(botName, newestOf(list.data, one.data?.messages));

  useEffect(() => {
    if (!error && (!permissions.data || mayRead)) return;
    if (error) handleApiError(error);
    navigate('/bots', { replace: true });
  }, [error, permissions.data, mayRead, navigate]);

  if (!permissions.data || !mayRead) return <PageLoader label="Loading the conversation log" />;

  return (
    <div className="conversation-log">
      <Link to={`/bots/${encodeURIComponent(botName)}`} className="bot-page__back">
        <ArrowLeftIcon /> Back to {botName}
      </Link>
      <PageHeader
        title="Conversation log"
        description={`What ${botName} was told and answered.`}
        actions={
          permissions.data.includes(Permission.ExportLogs) && (
            <Button
              variant="secondary"
              icon={<DownloadIcon />}
              onClick={() => void downloadMessageHistory(botName).catch(handleApiError)}
            >
              Download history
            </Button>
          )
        }
      />
      <div className="conversation-log__layout">
        <nav className="conversation-log__sidebar" aria-label="Conversations">
          <Select
            label="Time"
            options={TIME_FILTERS}
            value={String(hours)}
            onChange={(event) => setHours(Number(event.target.value))}
          />
          {list.isPending ? (
            <p className="conversation-log__muted">{M.loading}</p>
          ) : list.data && list.data.length > 0 ? (
            <ul className="conversation-log__list">
              {list.data.map((c) => (
                <li key={c.conversationId}>
                  <Link
                    to={logPath(botName, c.conversationId)}
                    className={cx(
                      'conversation-log__item',
                      c.conversationId === conversationId && 'is-selected',
                    )}
                    aria-current={c.conversationId === conversationId ? 'page' : undefined}
                  >
                    <span className="conversation-log__user">{c.user}</span>
                    <span className="conversation-log__meta">
                      {channelLabel(c)} · {formatDateTime(c.lastActivityAt)}
                      {c.isAnalyticsDisabled && ' · Analytics off'}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="conversation-log__muted">{M.empty}</p>
          )}
        </nav>
        <section className="conversation-log__chat" aria-label="Messages">
          {!conversationId ? (
            <p className="conversation-log__muted">
              {list.data && list.data.length > 0 ? 'Choose a conversation to read it.' : M.empty}
            </p>
          ) : one.isPending ? (
            <p className="conversation-log__muted">{M.loading}</p>
          ) : one.data && one.data.messages.length > 0 ? (
            <ol className="conversation-log__messages">
              {one.data.messages.map((message, index, all) => {
                const day = formatDate(message.timestamp);
                const previous = all[index - 1];
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a conversation's messages are only appended
                  <Fragment key={index}>
                    {(!previous || formatDate(previous.timestamp) !== day) && (
                      <li className="conversation-log__day">{day}</li>
                    )}
                    <Message message={message} />
                  </Fragment>
                );
              })}
            </ol>
          ) : (
            <p className="conversation-log__muted">{M.empty}</p>
          )}
        </section>
      </div>
    </div>
  );
}
