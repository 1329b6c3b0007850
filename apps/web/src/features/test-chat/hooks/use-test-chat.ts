import type { ConversationTurnMessage, InboundActivity, TopicOf } from '@parley/contracts';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { handleApiError } from '../../../api/error-reactions';
import { openRealtime, type RealtimeConnection } from '../../../api/realtime-socket';
import { startTestChat } from '../api/test-chat-api';
import { chatLogReducer, EMPTY_CHAT_LOG } from './chat-log';

/** starting: asking for a conversation; connecting: (re)joining it over the socket; ready: talk. */
export type TestChatStatus = 'starting' | 'connecting' | 'ready' | 'failed';

const isTurnOf = (message: Record<string, unknown>, conversationId: string) =>
  message.type === 'conversation:turn' &&
  (message.topic as { conversationId?: unknown } | undefined)?.conversationId === conversationId;

const isAbout = (message: Record<string, unknown>, type: string, conversationId: string) =>
  message.type === type &&
  (message.topic as { conversationId?: unknown } | undefined)?.conversationId === conversationId;

/**
 * A test conversation with the bot: started over HTTP, followed and talked in over the
 * websocket. After a dropped connection it rejoins the same conversation (its state is on the
 * server); Restart starts a new one.
 */
export function useTestChat(botName: string) {
  const [topic, setTopic] = useState<TopicOf<'conversation'> | null>(null);
  const [status, setStatus] = useState<TestChatStatus>('starting');
  const [log, dispatch] = useReducer(chatLogReducer, EMPTY_CHAT_LOG);
  const connection = useRef<RealtimeConnection | null>(null);

  const restart = useCallback(async () => {
    setStatus('starting');
    setTopic(null);
    dispatch({ type: 'reset' });
    try {
      const started = await startTestChat(botName);
      setTopic({ kind: 'conversation', botId: started.botId, conversationId: started.conversationId });
    } catch (error) {
      setStatus('failed');
      handleApiError(error);
    }
  }, [botName]);

  useEffect(() => {
    void restart();
  }, [restart]);

  useEffect(() => {
    if (!topic) return;
    setStatus('connecting');
    const { conversationId } = topic;
    const socket = openRealtime({
      topics: [topic],
      onMessage: (message) => {
        if (isAbout(message, 'subscribed', conversationId)) setStatus('ready');
        else if (isTurnOf(message, conversationId))
          dispatch({ type: 'turn', turn: message as unknown as ConversationTurnMessage });
        else if (isAbout(message, 'error', conversationId))
          dispatch({ type: 'problem', text: String(message.message) });
      },
      onReconnected: () => setStatus('connecting'),
    });
    connection.current = socket;
    return () => {
      socket.close();
      if (connection.current === socket) connection.current = null;
    };
  }, [topic]);

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
