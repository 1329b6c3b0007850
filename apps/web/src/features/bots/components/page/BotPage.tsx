import { BOT_MESSAGES, MESSAGES, Permission } from '@parley/contracts';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../../api/api-error';
import { handleApiError } from '../../../../api/error-reactions';
import { lazyNamed } from '../../../../app/lazy-named';
import { PageLoader } from '../../../../app/PageLoader';
import { Button, buttonClassName, popup, Tabs } from '../../../../ui';
import { PublishingPanel } from '../../../publishing';
import { TestChat, TestChatOpenerProvider, type TestChatTarget } from '../../../test-chat';
import { useBot, useBotPermissionIds } from '../../hooks/use-bots';
import { BotBanners } from './BotBanners';
import { BotHeader } from './BotHeader';
import { resolveBotRoute } from './bot-route';
import { availableBotTabs, DEFAULT_BOT_TAB } from './bot-tabs';
import { DialogManagerOpenerProvider, type DialogManagerTarget } from './dialog-manager-opener';
import './bot-page.css';

// bpmn-js is most of the editor's weight: the bot page loads it only when the Dialog Manager opens.
const loadFlowEditor = () => import('../../../flow-editor');
const DialogManager = lazyNamed(loadFlowEditor, 'DialogManager');

/** Whoever may change or activate flows opens the Dialog Manager (spec 03 sections 1 and 6). */
const FLOW_EDITOR_RIGHTS = [
  Permission.ManageIntents,
  Permission.ManageFlows,
  Permission.ManageSubflows,
  Permission.PublishFlowsToTest,
  Permission.PublishFlowsToProduction,
];

export const botTabPath = (botName: string, tab: string) => `/bots/${encodeURIComponent(botName)}/${tab}`;

/** /bots/{botName}: the bot screen opens on its analytics tab. */
export function BotIndexRedirect() {
  const { botName = '' } = useParams();
  return <Navigate to={botTabPath(botName, DEFAULT_BOT_TAB)} replace />;
}

/**
 * /bots/{botName}/{tab}/{element?} (spec 02 section 2.1): header, banners and the tabs this
 * caller may open on this bot; the tab and element live in the route. A tab that is not
 * available falls back to analytics. An overlay pseudo-tab (create-intent, import-entity...) shows
 * its tab with the dialog open; one the caller may not open falls back to its tab with 'You do
 * not have permission to do that!'. A refusal to load the bot leads back to the overview with
 * 'You do not have permission'; any other failure goes to the global handler first.
 */
export function BotPage() {
  const { botName = '', tab, element } = useParams();
  const navigate = useNavigate();
  const bot = useBot(botName);
  const permissions = useBotPermissionIds(botName);
  // The test chat beside the page: the bot's flows ({}), or a sub flow's (Test Sub Flow); null: closed.
  const [chatTarget, setChatTarget] = useState<TestChatTarget | null>(null);
  const [dialogTarget, setDialogTarget] = useState<DialogManagerTarget | null>(null);
  // A transition keeps the page on screen while the editor's chunk loads, instead of a fallback
  // that React shows for at least 300 ms.
  const openDialogManager = useCallback(
    (target: DialogManagerTarget) => startTransition(() => setDialogTarget(target)),
    [],
  );
  const error = bot.error ?? permissions.error;

  useEffect(() => {
    if (!error) return;
    if (isApiError(error) && error.is('permission_error'))
      void popup.warning({ title: BOT_MESSAGES.noPermission });
    else handleApiError(error);
    navigate('/bots', { replace: true });
  }, [error, navigate]);

  const tabs = bot.data && permissions.data ? availableBotTabs(bot.data, permissions.data) : undefined;
  const route = tabs && permissions.data ? resolveBotRoute(tab, tabs, permissions.data) : undefined;
  const refusedListTab = route?.kind === 'refused' ? route.listTab : undefined;

  useEffect(() => {
    if (refusedListTab === undefined) return;
    void popup.warning({ title: MESSAGES.permissionDenied });
    navigate(botTabPath(botName, refusedListTab), { replace: true });
  }, [refusedListTab, botName, navigate]);

  if (error || !bot.data || !permissions.data || !tabs || !route || route.kind === 'refused')
    return <PageLoader label="Loading the bot" />;
  if (route.kind === 'not-found') return <Navigate to="/404" replace />;
  if (route.kind === 'unknown') return <Navigate to={botTabPath(botName, DEFAULT_BOT_TAB)} replace />;
  const { tab: current, listTab, dialog } = route;
  const canOpenDialogManager = FLOW_EDITOR_RIGHTS.some((right) => permissions.data.includes(right));
  const { Panel } = current;

  return (
    <div className="bot-page">
      <BotHeader
        bot={bot.data}
        actions={
          <>
            {permissions.data.includes(Permission.SeeConversationLog) && (
              <Link
                to={`/bots/${encodeURIComponent(botName)}/conversation/log`}
                className={buttonClassName('secondary')}
              >
                Conversation log
              </Link>
            )}
            {canOpenDialogManager && (
              <Button
                variant="secondary"
                // The editor's chunk starts loading when the pointer or focus reaches the button.
                onPointerEnter={() => void loadFlowEditor()}
                onFocus={() => void loadFlowEditor()}
                onClick={() =>
                  openDialogManager({
                    mode: current.id === 'subs' ? 'functions' : 'intents',
                    ...(element && (current.id === 'intents' || current.id === 'subs')
                      ? { item: element }
                      : {}),
                  })
                }
              >
                Dialog Manager
              </Button>
            )}
            {permissions.data.includes(Permission.TestBot) && (
              <Button
                variant="secondary"
                onClick={() => setChatTarget((open) => (open ? null : {}))}
                aria-pressed={chatTarget !== null}
              >
                Test chat
              </Button>
            )}
          </>
        }
      />
      {chatTarget && (
        <TestChat
          key={chatTarget.subFlow ?? ''}
          botName={bot.data.botName}
          canShareLink={permissions.data.includes(Permission.ManageTestChatLink)}
          {...(chatTarget.subFlow ? { subFlow: chatTarget.subFlow } : {})}
          onClose={() => setChatTarget(null)}
        />
      )}
      {/* Opened in a transition: the page stays until the editor's chunk is there (no fallback). */}
      {dialogTarget && (
        <DialogManager
          bot={bot.data}
          permissions={permissions.data}
          mode={dialogTarget.mode}
          initialItem={dialogTarget.item}
          onClose={() => setDialogTarget(null)}
        />
      )}
      <BotBanners bot={bot.data} />
      <PublishingPanel
        botName={bot.data.botName}
        botId={bot.data.id}
        canPublish={permissions.data.includes(Permission.PublishIntentsAndEntities)}
      />
      <Tabs
        label={`${bot.data.displayName} sections`}
        tabs={tabs.map((t) => ({ id: t.id, label: t.label, isDisabled: t.isDisabled }))}
        selectedId={current.id}
        onSelect={(id) => navigate(botTabPath(botName, id))}
      >
        <TestChatOpenerProvider
          open={permissions.data.includes(Permission.TestBot) ? setChatTarget : undefined}
        >
          <DialogManagerOpenerProvider open={canOpenDialogManager ? openDialogManager : undefined}>
            <Panel
              bot={bot.data}
              permissions={permissions.data}
              element={element}
              listTab={listTab}
              dialog={dialog}
            />
          </DialogManagerOpenerProvider>
        </TestChatOpenerProvider>
      </Tabs>
    </div>
  );
}
