import { TEST_CHAT_LINK_MESSAGES } from '@parley/contracts';
import { createBrowserRouter, Navigate, type Params, type RouteObject } from 'react-router';
import { queryClient } from '../api/query-client';
import { LoginPage } from '../features/auth/components/LoginPage';
import { isLocalHost } from './is-local-host';
import { lazyNamed } from './lazy-named';
import { RequireAuth } from './RequireAuth';
import { RootLayout } from './RootLayout';
import { RootRedirect } from './RootRedirect';
import { RouteError } from './RouteError';
import { type PreloadHandle, preloadScreensOf } from './screen-preload';
import type { RouteHandle } from './TitleSync';

// Only the login is in the first download; every other screen is its own chunk.
const SignupPage = lazyNamed(() => import('../features/auth/components/SignupPage'), 'SignupPage');
const LogoutPage = lazyNamed(() => import('../features/auth/components/LogoutPage'), 'LogoutPage');
const ForgotPasswordPage = lazyNamed(
  () => import('../features/auth/components/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyNamed(
  () => import('../features/auth/components/ResetPasswordPage'),
  'ResetPasswordPage',
);
const UserManualPage = lazyNamed(
  () => import('../features/user-manual/components/UserManualPage'),
  'UserManualPage',
);
const PublicTestChatPage = lazyNamed(
  () => import('../features/public-test-chat/components/PublicTestChatPage'),
  'PublicTestChatPage',
);
const NotFoundPage = lazyNamed(
  () => import('../features/system-pages/components/NotFoundPage'),
  'NotFoundPage',
);
const SupportPage = lazyNamed(() => import('../features/system-pages/components/SupportPage'), 'SupportPage');
const StyleGuidePage = lazyNamed(
  () => import('../features/style-guide/components/StyleGuidePage'),
  'StyleGuidePage',
);
const JoinTenantPage = lazyNamed(
  () => import('../features/account/components/JoinTenantPage'),
  'JoinTenantPage',
);
const AppShell = lazyNamed(() => import('./shell/AppShell'), 'AppShell');
const BotsPage = lazyNamed(() => import('../features/bots/components/BotsPage'), 'BotsPage');
const BotPage = lazyNamed(() => import('../features/bots/components/page/BotPage'), 'BotPage');
const BotIndexRedirect = lazyNamed(
  () => import('../features/bots/components/page/BotPage'),
  'BotIndexRedirect',
);
const FlowEditorPage = lazyNamed(() => import('../features/flow-editor'), 'FlowEditorPage');
const ConversationLogPage = lazyNamed(
  () => import('../features/conversation-log/components/ConversationLogPage'),
  'ConversationLogPage',
);
const AgentInboxPage = lazyNamed(() => import('../features/agent-inbox'), 'AgentInboxPage');
const LlmsPage = lazyNamed(() => import('../features/llms'), 'LlmsPage');
const LlmPage = lazyNamed(() => import('../features/llms'), 'LlmPage');
const AccountAdministrationPage = lazyNamed(
  () => import('../features/administration/components/AdministrationPage'),
  'AccountAdministrationPage',
);
const TenantAdministrationPage = lazyNamed(
  () => import('../features/administration/components/AdministrationPage'),
  'TenantAdministrationPage',
);

const page = (
  path: string,
  title: RouteHandle['title'],
  element: RouteObject['element'],
  preload?: PreloadHandle['preload'],
): RouteObject => ({
  path,
  element,
  handle: { title, preload } satisfies RouteHandle & PreloadHandle,
});

/**
 * A bot page needs its bot and the caller's permissions before it shows anything, and a settings
 * tab is two chunks further down (the settings frame, the tab): all asked for with the page's code
 * (the helpers come with the page's code, not in the first download).
 */
const preloadBotPage = ({ botName = '', tab, element }: Params) =>
  Promise.allSettled([
    import('../features/bots').then(({ prefetchBotPage }) => prefetchBotPage(queryClient, botName)),
    tab === 'settings'
      ? import('../features/bot-settings').then(({ preloadSettingsTab }) => preloadSettingsTab(element))
      : undefined,
  ]);

/** 'Support Bot - Intents': the bot and the open tab ('create-intent' reads 'Create intent'). */
const botPageTitle = ({ botName = 'Bot', tab = '' }: Params): string => {
  const words = tab.replace(/-/g, ' ');
  return words ? `${botName} - ${words.charAt(0).toUpperCase()}${words.slice(1)}` : botName;
};

/** The style guide is left out of the live site: only a browser on this machine gets the route. */
const localOnlyRoutes = (): RouteObject[] =>
  isLocalHost() ? [page('style-guide', 'Style guide', <StyleGuidePage />)] : [];

export const appRoutes = (): RouteObject[] => [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <RootRedirect /> },
      page('login', 'Login', <LoginPage />),
      page('signup', 'Sign up', <SignupPage />),
      page('logout', 'Logout', <LogoutPage />),
      page('forgot-password', 'Forgot password', <ForgotPasswordPage />),
      page('password/reset/:id', 'Reset password', <ResetPasswordPage />),
      page('user-manual/*', 'User manual', <UserManualPage />),
      page('test-chat', TEST_CHAT_LINK_MESSAGES.title, <PublicTestChatPage />),
      page('support', 'Support', <SupportPage />),
      page('404', 'Page not found', <NotFoundPage />),
      ...localOnlyRoutes(),
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppShell />,
            children: [
              page('bots', 'Bots', <BotsPage />),
              page('join', 'Join an account', <JoinTenantPage />),
              page('bots/:botName', ({ botName }) => botName ?? 'Bot', <BotIndexRedirect />),
              page(
                'bots/:botName/conversation/log/:conversationId?',
                ({ botName = 'Bot' }) => `${botName} - Conversation log`,
                <ConversationLogPage />,
              ),
              page(
                'bots/:botName/flow',
                ({ botName = 'Bot' }) => `${botName} - Dialog Manager`,
                <FlowEditorPage />,
              ),
              page('bots/:botName/:tab/:element?', botPageTitle, <BotPage />, preloadBotPage),
              page('inbox/:conversationId?', 'Agent inbox', <AgentInboxPage />),
              page('llms', 'LLMs', <LlmsPage />),
              page('llms/:llmid', 'LLM', <LlmPage />),
              page('configuration/:page?', 'Account administration', <AccountAdministrationPage />),
              page('master-configuration/:page?', 'Tenant administration', <TenantAdministrationPage />),
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter> & {
  /** The code of the first address's screens, loading (main.tsx waits for it before drawing). */
  firstScreen: Promise<unknown>;
};

/** The app's router: the screens of each address it goes to are loaded all at once. */
export function createAppRouter(): AppRouter {
  const routes = appRoutes();
  const router = createBrowserRouter(routes);
  let preloaded = router.state.location.pathname;
  router.subscribe(({ location }) => {
    if (location.pathname === preloaded) return;
    preloaded = location.pathname;
    void preloadScreensOf(routes, preloaded);
  });
  return Object.assign(router, { firstScreen: preloadScreensOf(routes, preloaded) });
}
