import { LLM_LIMITS, type LlmTestAnswer } from '@parley/contracts';
import { useRef, useState } from 'react';
import { isApiError } from '../../../../api/api-error';
import { handleApiError } from '../../../../api/error-reactions';
import { Button, Spinner } from '../../../../ui';
import { testLlm } from '../../api/llms-api';
import { AnswerView } from '../AnswerView';
import type { LlmTabProps } from './llm-tabs';

interface Exchange {
  id: number;
  message: string;
  answer?: LlmTestAnswer;
  /** Why there is no answer (the provider failed, the LLM is not trained ...). */
  error?: string;
}

/** The exchange so far, as the test call's history (answered turns only, oldest first). */
const historyOf = (exchanges: readonly Exchange[]) =>
  exchanges.slice(-LLM_LIMITS.testHistoryMaxTurns / 2).flatMap((e) =>
    e.answer
      ? [
          { role: 'user' as const, content: e.message },
          { role: 'assistant' as const, content: e.answer.answer },
        ]
      : [],
  );

/** Test: a message box (Enter sends) and Send; the running list of messages and answers with their sources. */
export function TestTab({ llm }: LlmTabProps) {
  const [message, setMessage] = useState('');
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const [isWaiting, setIsWaiting] = useState(false);
  const nextId = useRef(0);
  const logEnd = useRef<HTMLDivElement>(null);

  const send = async () => {
    const text = message.trim();
    if (!text || isWaiting) return;
    const id = nextId.current++;
    const history = historyOf(exchanges);
    setExchanges((current) => [...current, { id, message: text }]);
    setMessage('');
    setIsWaiting(true);
    const settle = (patch: Partial<Exchange>) =>
      setExchanges((current) => current.map((e) => (e.id === id ? { ...e, ...patch } : e)));
    try {
      settle({ answer: await testLlm(llm.llmId, text, history) });
    } catch (error) {
      if (isApiError(error) && !error.is('expired_jwt_code') && !error.is('invalid_jwt_code'))
        settle({ error: error.message });
      else handleApiError(error);
    } finally {
      setIsWaiting(false);
      requestAnimationFrame(() => logEnd.current?.scrollIntoView({ block: 'end' }));
    }
  };

  return (
    <div className="llm-tab llm-test">
      <ol className="llm-test__log" aria-label="Test messages" aria-live="polite">
        {exchanges.map((exchange) => (
          <li key={exchange.id} className="llm-test__exchange">
            <p className="llm-test__message">{exchange.message}</p>
            <div className="llm-test__response">
              {exchange.answer ? (
                <AnswerView answer={exchange.answer} />
              ) : exchange.error ? (
                <p className="llm-test__error" role="alert">
                  {exchange.error}
                </p>
              ) : (
                <Spinner size="sm" label="Waiting for the answer" />
              )}
            </div>
          </li>
        ))}
      </ol>
      <div ref={logEnd} />
      <form
        className="llm-test__composer"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <input
          className="input"
          aria-label="Message"
          placeholder="Ask something about the documents"
          value={message}
          maxLength={LLM_LIMITS.testMessageMaxLength}
          onChange={(event) => setMessage(event.target.value)}
        />
        <Button type="submit" disabled={!message.trim()} isLoading={isWaiting}>
          Send
        </Button>
      </form>
    </div>
  );
}
