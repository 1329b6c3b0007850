import { useState } from 'react';
import { Button, CloseIcon, Toggle } from '../../../ui';
import { useTestChat } from '../hooks/use-test-chat';
import { useUnreachableFunctionHosts } from '../hooks/use-unreachable-function-hosts';
import { ChatConversation } from './ChatConversation';
import { ChatDetails } from './ChatDetails';
import { FunctionHostWarning } from './FunctionHostWarning';
import { ShareTestChatMenu } from './ShareTestChatMenu';
import '../test-chat.css';

const analyticsKey = (botName: string) => `parley.testChat.disableAnalytics.${botName}`;

/** 'Disable analytics' is remembered per bot in this browser: a designer who tests often keeps it on. */
function useDisableAnalytics(botName: string) {
  const [isOn, setIsOn] = useState(() => localStorage.getItem(analyticsKey(botName)) === 'true');
  const set = (value: boolean) => {
    if (value) localStorage.setItem(analyticsKey(botName), 'true');
    else localStorage.removeItem(analyticsKey(botName));
    setIsOn(value);
  };
  return [isOn, set] as const;
}

/**
 * The internal test chat of the bot page (permission 27): talks to the bot with the flows
 * activated to test and its published model; 'Show details' shows what the bot understood.
 * 'Disable analytics' starts conversations that analytics leave out; 'Share testchat'
 * (permission 28) hands out the public test chat's link and password.
 */
export function TestChat({
  botName,
  canShareLink,
  subFlow,
  onClose,
}: {
  botName: string;
  /** Permission 28 (manage test chat link) on the bot. */
  canShareLink: boolean;
  /** Test Sub Flow: this sub flow's latest saved version instead of the bot's flows. */
  subFlow?: string;
  onClose: () => void;
}) {
  const [isAnalyticsDisabled, setIsAnalyticsDisabled] = useDisableAnalytics(botName);
  const chat = useTestChat(botName, isAnalyticsDisabled, subFlow);
  const [isShowingDetails, setIsShowingDetails] = useState(false);
  const unreachableHosts = useUnreachableFunctionHosts(botName);
  const [isHostWarningDismissed, setIsHostWarningDismissed] = useState(false);
  const restart = () => {
    void chat.restart();
    // A fixed function or a host back up shows at once; one still unreachable is said again.
    setIsHostWarningDismissed(false);
    void unreachableHosts.refetch();
  };

  return (
    <aside className="test-chat" aria-label="Test chat">
      <header className="test-chat__header">
        <h2 className="test-chat__title">{subFlow ? `Test sub flow: ${subFlow}` : 'Test chat'}</h2>
        <div className="test-chat__actions">
          <Button size="sm" variant="ghost" onClick={() => setIsShowingDetails((shown) => !shown)}>
            {isShowingDetails ? 'Hide details' : 'Show details'}
          </Button>
          <Button size="sm" variant="ghost" onClick={restart} disabled={chat.status === 'starting'}>
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
      <div className="test-chat__toolbar">
        <Toggle
          className="test-chat__analytics"
          label="Disable analytics"
          isChecked={isAnalyticsDisabled}
          onChange={setIsAnalyticsDisabled}
        />
        {canShareLink && !subFlow && <ShareTestChatMenu botName={botName} />}
      </div>
      {!isHostWarningDismissed && (unreachableHosts.data?.length ?? 0) > 0 && (
        <FunctionHostWarning
          unreachable={unreachableHosts.data ?? []}
          onDismiss={() => setIsHostWarningDismissed(true)}
        />
      )}
      {isShowingDetails && <ChatDetails details={chat.log.details} recognitions={chat.log.recognitions} />}
      <ChatConversation
        chat={chat}
        intro={
          isAnalyticsDisabled
            ? 'Say something to the bot. It answers with the flows activated to test; analytics leave this conversation out.'
            : 'Say something to the bot. It answers with the flows activated to test.'
        }
      />
    </aside>
  );
}
