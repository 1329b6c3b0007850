import { type ErrorCode, MESSAGES } from '@parley/contracts';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, popupOf } from './support/accounts';
import { browserSuite } from './support/browser-suite';
import { expectHidden, expectVisible, storedKeys } from './support/expect-page';
import { screenshot } from './support/screenshots';

/**
 * The global error handler, code by code (spec 01 section 8). Most codes cannot be provoked
 * on a fresh server at will, so the shell's first call (GET /api/users/info) is answered
 * with each catalogue error in turn, and the test checks what the user then sees.
 */
interface PopupCase {
  code: ErrorCode;
  status: number;
  body?: Record<string, unknown>;
  kind: 'error' | 'warning';
  title: string;
  text: string;
}

const popupCases: PopupCase[] = [
  {
    code: 'internal_error',
    status: 500,
    kind: 'error',
    title: MESSAGES.serverError.title,
    text: MESSAGES.serverError.text,
  },
  {
    code: 'configuration_error',
    status: 400,
    kind: 'warning',
    title: MESSAGES.configurationError,
    text: 'The mail server is not configured.',
  },
  {
    code: 'custom_error',
    status: 400,
    kind: 'error',
    title: MESSAGES.errorTitle,
    text: 'Something specific.',
  },
  {
    code: 'flow_error',
    status: 400,
    body: { blockId: 'Task_1' },
    kind: 'warning',
    title: MESSAGES.flowDesignError,
    text: 'The flow has no start.',
  },
  {
    code: 'function_error',
    status: 400,
    kind: 'error',
    title: MESSAGES.errorTitle,
    text: 'The function failed.',
  },
  {
    code: 'cohesion_error',
    status: 409,
    kind: 'warning',
    title: MESSAGES.dataConflict,
    text: 'Changed meanwhile.',
  },
  {
    code: 'validation_error',
    status: 400,
    body: { fieldName: 'name' },
    kind: 'error',
    title: MESSAGES.invalidData,
    text: 'Please provide a valid name.',
  },
  {
    code: 'not-found_error',
    status: 404,
    body: { details: 'Bot support-bot not found' },
    kind: 'error',
    title: MESSAGES.notFoundTitle,
    text: 'Bot support-bot not found',
  },
  {
    code: 'permission_error',
    status: 403,
    body: { requiredPermission: 2 },
    kind: 'error',
    title: MESSAGES.accessDenied,
    text: "Insufficient permissions! You don't have the Delete bot permission. Please contact your administrator.",
  },
  {
    code: 'stripe_error',
    status: 402,
    body: { message: 'Payment error', additionalMessage: 'Your card was declined.' },
    kind: 'error',
    title: 'Payment error',
    text: 'Your card was declined.',
  },
  {
    code: 'unauthorised_error_code',
    status: 401,
    kind: 'error',
    title: MESSAGES.plainErrorTitle,
    text: 'No.',
  },
  {
    code: 'user_not_assigned_to_tenant_error',
    status: 403,
    kind: 'error',
    title: MESSAGES.errorTitle,
    text: 'Your user is not assigned to any tenant! Please, contact your tenant administrator.',
  },
  {
    code: 'users_limit_error',
    status: 403,
    kind: 'error',
    title: MESSAGES.maxUsersReached,
    text: 'The plan allows 5 users.',
  },
  {
    code: 'rate_limit_error',
    status: 429,
    kind: 'warning',
    title: 'Too many attempts. Please try again later.',
    text: '',
  },
];

describe('the global reaction to every error code', () => {
  const s = browserSuite({
    prepare: async (app) => {
      await app.server.signUpFirstAdmin();
    },
  });
  beforeAll(async () => {
    await s.page.goto(`${s.app.baseUrl}/login`);
  });
  afterEach(async () => {
    await s.page.unrouteAll();
  });

  /** A real session in the browser's saved login, as after signing in. */
  async function signIn() {
    const { token, user } = await s.app.server.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    await s.page.evaluate(
      ([savedToken, savedUser]) => {
        localStorage.setItem('parley.token', savedToken);
        localStorage.setItem('parley.user', savedUser);
        localStorage.setItem('parley.paymentCustomerId', 'cus_123');
      },
      [token, JSON.stringify(user)] as const,
    );
  }

  async function answerUserInfoWith(status: number, body: string, contentType = 'application/json') {
    await s.page.route('**/api/users/info', (route) => route.fulfill({ status, contentType, body }));
  }

  test.each(popupCases)(
    '$code shows the $kind "$title"',
    async ({ code, status, body, kind, title, text }) => {
      await signIn();
      await answerUserInfoWith(status, JSON.stringify({ code, message: text || title, ...body }));
      await s.page.goto(`${s.app.baseUrl}/bots`);
      const popup = popupOf(s.page);
      await expectVisible(popup.getByRole('heading', { name: title, exact: true }));
      expect(await popup.getAttribute('data-popup-kind')).toBe(kind);
      if (text) await expectVisible(popup.getByText(text, { exact: true }));
      if (code === 'permission_error') await screenshot(s.page, 'error-permission');
      await popup.getByRole('button', { name: 'OK' }).click();
      await expectHidden(popup);
      // None of these end the session.
      expect(await storedKeys(s.page)).toContain('parley.token');
    },
  );

  test('an answer outside the catalogue (a proxy error page) is the default kind, a server error', async () => {
    await signIn();
    await answerUserInfoWith(502, '<html><body>Bad gateway</body></html>', 'text/html');
    await s.page.goto(`${s.app.baseUrl}/bots`);
    const popup = popupOf(s.page);
    await expectVisible(popup.getByRole('heading', { name: MESSAGES.serverError.title }));
    await popup.getByRole('button', { name: 'OK' }).click();
  });

  test('no answer at all says the server cannot be reached', async () => {
    await signIn();
    await s.page.route('**/api/users/info', (route) => route.abort('connectionrefused'));
    await s.page.goto(`${s.app.baseUrl}/bots`);
    const popup = popupOf(s.page);
    await expectVisible(popup.getByText(MESSAGES.noServerConnection));
    await popup.getByRole('button', { name: 'OK' }).click();
  });

  test('a call the server leaves unanswered says so after a minute: no spinner turns forever', async () => {
    await signIn();
    const page = await s.browser.newPage();
    try {
      await page.clock.install();
      // The server takes the call and never answers it.
      await page.route('**/api/users/info', () => undefined);
      // The minute counts from the call: on a loaded machine the page may make it late.
      const asked = page.waitForRequest((request) => request.url().includes('/api/users/info'));
      await page.goto(`${s.app.baseUrl}/bots`);
      await asked;
      const popup = popupOf(page);
      await page.clock.runFor(59_000);
      expect(await popup.count()).toBe(0);
      await page.clock.runFor(2_000);
      await expectVisible(popup.getByText(MESSAGES.requestTimedOut, { exact: true }));
      expect(await popup.getAttribute('data-popup-kind')).toBe('error');
      await screenshot(page, 'error-request-timed-out');
      await popup.getByRole('button', { name: 'OK' }).click();
      await expectHidden(popup);
      // Said once: a call that timed out is not tried again behind the user's back.
      await page.clock.runFor(180_000);
      expect(await popup.count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  test.each(['expired_jwt_code', 'invalid_jwt_code'] as const)(
    '%s logs out and loads the login',
    async (code) => {
      await signIn();
      await answerUserInfoWith(401, JSON.stringify({ code, message: 'JWT has expired' }));
      await s.page.goto(`${s.app.baseUrl}/bots`);
      await s.page.waitForURL(`${s.app.baseUrl}/login`);
      await expectVisible(s.page.getByRole('button', { name: 'Sign in', exact: true }));
      expect(await storedKeys(s.page)).toEqual([]);
    },
  );

  test.each([
    {
      code: 'tenant_not_confirmed_code' as const,
      status: 403,
      title: MESSAGES.accountNotConfirmed,
      text: MESSAGES.accountNotConfirmedText,
    },
    {
      code: 'user_not_found_code' as const,
      status: 404,
      title: MESSAGES.accessDenied,
      text: MESSAGES.userNotFoundText,
    },
  ])('$code shows "$title", then logs out', async ({ code, status, title, text }) => {
    await signIn();
    await answerUserInfoWith(status, JSON.stringify({ code, message: 'from the server' }));
    await s.page.goto(`${s.app.baseUrl}/bots`);
    const popup = popupOf(s.page);
    await expectVisible(popup.getByRole('heading', { name: title }));
    await expectVisible(popup.getByText(text));
    await screenshot(s.page, `error-${code}`);
    // Still signed in while the dialog is open; logged out once it is answered.
    expect(await storedKeys(s.page)).toContain('parley.token');
    await popup.getByRole('button', { name: 'OK' }).click();
    await s.page.waitForURL(`${s.app.baseUrl}/login`);
    await expect.poll(() => storedKeys(s.page).catch(() => ['navigating'])).toEqual([]);
    expect(s.browser.pageErrors).toEqual([]);
  });
});
