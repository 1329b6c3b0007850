import type { ConversationTurnMessage, InboundActivity, TestChatStarted, TopicOf } from '@parley/contracts';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { openRealtime, type RealtimeConnection, type RealtimeHandlers } from '../../../api/realtime-socket';
import { chatLogReducer, EMPTY_CHAT_LOG } from './chat-log';

/** starting: asking for a conversation; connecting: (re)joining it over the socket; ready: talk. */
export type TestChatStatus = 'starting' | 'connecting' | 'ready' | 'failed';

const isTurnOf = (message: Record<string, unknown>, conversationId: string) =>
  message.type === 'conversation:turn' &&
  (message.topic as { conversationId?: unknown } | undefined)?.conversationId === conversationId;

const isAbout = (message: Record<string, unknown>, type: string, conversationId: string) =>
  message.type === type &&
  (message.topic as { conversationId?: unknown } | undefined)?.conversationId === conversationId;

export interface ConversationChatOptions {
  /**
   * Starts a conversation over HTTP: when the chat opens, the bot may continue the user's last one
   * (`startNew` false); Restart and a new `start` (another bot, other options) ask for a new one.
   */
  start: (options: { startNew: boolean }) => Promise<TestChatStarted>;
  /** A start that failed (the chat shows 'failed'). */
  onStartFailed?: (error: unknown) => void;
  /** Where the socket connects (the public test chat's session); unset: the platform's gateway. */
  address?: RealtimeHandlers['address'];
  /** The server ended the session the socket was opened with. */
  onSessionEnded?: () => void;
}

/**
 * A test conversation with the bot, for the internal test chat and the public one alike: started
 * over HTTP, followed and talked in over the websocket. After a dropped connection it rejoins the
 * same conversation (its state is on the server); Restart starts a new one.
 */
export function useConversationChat({
  start,
  onStartFailed,
  address,
  onSessionEnded,
}: ConversationChatOptions) {
  const [topic, setTopic] = useState<TopicOf<'conversation'> | null>(null);
  const [status, setStatus] = useState<TestChatStatus>('starting');
  const [log, dispatch] = useReducer(chatLogReducer, EMPTY_CHAT_LOG);
  const connection = useRef<RealtimeConnection | null>(null);
  // The latest callbacks, without making every render reconnect.
  const callbacks = useRef({ onStartFailed, address, onSessionEnded });
  callbacks.current = { onStartFailed, address, onSessionEnded };

  // Answers of a turn waiting for their turn to show (the in-between delay); cleared on a new conversation.
  const pacing = useRef<number[]>([]);
  const stopPacing = useCallback(() => {
    for (const timer of pacing.current) window.clearTimeout(timer);
    pacing.current = [];
  }, []);

  const begin = useCallback(
    async (startNew: boolean) => {
      setStatus('starting');
      setTopic(null);
      stopPacing();
      dispatch({ type: 'reset' });
      try {
        const started = await start({ startNew });
        if (started.history.length > 0) {
          dispatch({ type: 'history', entries: started.history, isContinued: started.isContinued });
        }
        setTopic({ kind: 'conversation', botId: started.botId, conversationId: started.conversationId });
      } catch (error) {
        setStatus('failed');
        callbacks.current.onStartFailed?.(error);
      }
    },
    [start, stopPacing],
  );
  const restart = useCallback(() => begin(true), [begin]);

  // Opening the chat may continue the last conversation; a changed `start` (other options) begins anew.
  const begunWith = useRef<typeof start | null>(null);
  useEffect(() => {
    void begin(begunWith.current !== null && begunWith.current !== start);
    begunWith.current = start;
    return stopPacing;
  }, [begin, start, stopPacing]);

  /** A turn's answers: the first at once, the others `responseDelayMs` apart. */
  const showTurn = useCallback((turn: ConversationTurnMessage) => {
    const delay = turn.responseDelayMs ?? 0;
    if (delay <= 0 || turn.activities.length < 2) {
      dispatch({ type: 'turn', turn });
      return;
    }
    dispatch({ type: 'turn', turn, shown: 1 });
    turn.activities.slice(1).forEach((activity, index) => {
      pacing.current.push(
        window.setTimeout(() => dispatch({ type: 'answer', activity }), delay * (index + 1)),
      );
    });
  }, []);

  useEffect(() => {
    if (!topic) return;
    setStatus('connecting');
    const { conversationId } = topic;
    const socket = openRealtime({
      topics: [topic],
      onMessage: (message) => {
        if (isAbout(message, 'subscribed', conversationId)) setStatus('ready');
        else if (isTurnOf(message, conversationId)) showTurn(message as unknown as ConversationTurnMessage);
        else if (isAbout(message, 'error', conversationId))
          dispatch({ type: 'problem', text: String(message.message) });
      },
      onReconnected: () => setStatus('connecting'),
      ...(callbacks.current.address
        ? { address: () => callbacks.current.address?.() ?? Promise.resolve(null) }
        : {}),
      onSessionEnded: () => callbacks.current.onSessionEnded?.(),
    });
    connection.current = socket;
    return () => {
      socket.close();
      if (connection.current === socket) connection.current = null;
    };
  }, [topic, showTurn]);

  const say = useCallback(
    (activity: InboundActivity) => {
      if (!topic || status !== 'ready') return false;
      const isSent = connection.current?.send({ type: 'conversation:say', topic, activity }) ?? false;
      if (isSent) dispatch({ type: 'sent', activity });
      return isSent;
    },
    [topic, status],
  );

  return { status, log, say, restart };
}

export type ConversationChat = ReturnType<typeof useConversationChat>;
