import { TEST_CHAT_LINK_MESSAGES, type TestChatSession } from '@parley/contracts';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { isApiError } from '../../../api/api-error';
import { Button, Logo, Modal, PasswordField, Spinner } from '../../../ui';
import { ChatConversation, useConversationChat } from '../../test-chat';
import { openTestChatSession, startPublicTestChat, visitorSocketAddress } from '../api/public-test-chat-api';
import { linkFromLocation } from '../hooks/link-from-location';
import './public-test-chat.css';

const M = TEST_CHAT_LINK_MESSAGES;

/** What a refused password attempt tells the visitor: the server's words for the known refusals. */
function refusalText(error: unknown): string {
  if (isApiError(error) && (error.is('rate_limit_error') || error.is('unauthorised_error_code')))
    return error.message;
  if (isApiError(error) && error.is('validation_error')) return M.invalidPassword;
  return 'The test chat cannot be reached right now. Please try again.';
}

/**
 * /test-chat?id={linkId} (spec 01 'Test chat extras', public): a modal 'Test your bot' asks for
 * the password, then the visitor chats with the bot's flows activated to test. A designer who
 * came through 'Open testlink' brings a pass in the address and skips the password.
 */
export function PublicTestChatPage() {
  const [{ linkId, pass }] = useState(() => linkFromLocation(window.location.search, window.location.hash));
  const [session, setSession] = useState<TestChatSession | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isUsingPass, setIsUsingPass] = useState(pass !== null && linkId !== null);

  useEffect(() => {
    if (!pass || !linkId) return;
    // The pass leaves the address at once: it is not kept in the history nor shared by copying the URL.
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    let isCurrent = true;
    openTestChatSession(linkId, pass, 'int')
      .then((opened) => isCurrent && setSession(opened))
      .catch(() => isCurrent && setNotice('This link has expired. Enter the password to start the chat.'))
      .finally(() => isCurrent && setIsUsingPass(false));
    return () => {
      isCurrent = false;
    };
  }, [linkId, pass]);

  const ended = useCallback(() => {
    setSession(null);
    setNotice(M.sessionEnded);
  }, []);

  return (
    <div className="public-chat">
      <div className="public-chat__brand">
        <Logo />
      </div>
      {!linkId ? (
        <p className="public-chat__notice" role="alert">
          This test chat link is incomplete. Ask whoever shared it for the whole link.
        </p>
      ) : isUsingPass ? (
        <Spinner label="Opening the test chat" />
      ) : session ? (
        <PublicChat session={session} onEnded={ended} />
      ) : (
        <PasswordDialog linkId={linkId} notice={notice} onSession={setSession} />
      )}
    </div>
  );
}

/** 'Test your bot': the password and 'Start chat'. It cannot be closed: the page is the chat behind it. */
function PasswordDialog({
  linkId,
  notice,
  onSession,
}: {
  linkId: string;
  notice: string | null;
  onSession: (session: TestChatSession) => void;
}) {
  const formId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [isChecking, setIsChecking] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.trim() === '') {
      setError(M.invalidPassword);
      return;
    }
    setIsChecking(true);
    setError(undefined);
    try {
      onSession(await openTestChatSession(linkId, password, 'ext'));
    } catch (refusal) {
      setError(refusalText(refusal));
      setIsChecking(false);
    }
  };

  return (
    <Modal
      title={M.title}
      description={notice ?? 'Enter the password you were given with this link.'}
      size="sm"
      isDismissable={false}
      onClose={() => {}}
      footer={
        <Button type="submit" form={formId} isLoading={isChecking}>
          Start chat
        </Button>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <PasswordField
          label="Password"
          name="password"
          autoComplete="off"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={error}
          autoFocus
        />
      </form>
    </Modal>
  );
}

/** The chat itself: the same conversation view as the internal test chat, without the designer's tools. */
function PublicChat({ session, onEnded }: { session: TestChatSession; onEnded: () => void }) {
  const start = useCallback(() => startPublicTestChat(session), [session]);
  const address = useCallback(async () => visitorSocketAddress(session), [session]);
  const chat = useConversationChat({
    start,
    address,
    onSessionEnded: onEnded,
    onStartFailed: (error) => {
      if (isApiError(error) && error.is('unauthorised_error_code')) onEnded();
    },
  });

  return (
    <section className="test-chat test-chat--page" aria-label={M.title}>
      <header className="test-chat__header">
        <h1 className="test-chat__title">{M.title}</h1>
        <div className="test-chat__actions">
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void chat.restart()}
            disabled={chat.status === 'starting'}
          >
            Restart
          </Button>
        </div>
      </header>
      <ChatConversation chat={chat} intro="Say something to the bot." />
    </section>
  );
}
