import { customError, FACEBOOK_KEYS } from '@parley/contracts';
import type { AppContext } from '../../../context';
import { definePlatform } from '../define-platform';
import { storePlatformKeys } from '../messaging/channel-keys.service';
import { type PlatformKeys, webhookUrlOf } from '../messaging/messaging-platform';
import { facebookChannel } from './facebook-channel';
import { GraphError, graphCall } from './facebook-graph';
import { credentialsOf, FACEBOOK_KEY, FACEBOOK_KEYS_MESSAGES, verifyTokenOf } from './facebook-keys';
import { facebookWebhookRoutes } from './facebook-webhook-routes';

const NOT_VALIDATED = { [FACEBOOK_KEY.isValidated]: false, [FACEBOOK_KEY.pageName]: '' };

/**
 * Checks the page access token with the Graph API (GET /me answers the page a page token belongs
 * to): the token must be one Facebook accepts, for the page entered.
 */
async function validatePage(ctx: AppContext, keys: PlatformKeys): Promise<Record<string, unknown>> {
  const { pageId, accessToken, appSecret } = credentialsOf(keys);
  if (pageId === '' || accessToken === '') return NOT_VALIDATED;
  const refuse = async (message: string) => {
    // The refused token is stored (the user corrects one field); the page no longer counts as connected.
    const scope = ctx.repos.forTenant(keys.bot.tenantId);
    await storePlatformKeys(ctx, scope, keys.bot, facebookPlatform, { ...keys.values, ...NOT_VALIDATED });
    return customError(message);
  };
  let page: { id?: unknown; name?: unknown } = {};
  try {
    const answer = await graphCall<unknown>(ctx, { accessToken, appSecret }, 'me', {
      query: { fields: 'id,name' },
    });
    if (typeof answer === 'object' && answer !== null) page = answer;
  } catch (error) {
    throw await refuse(
      error instanceof GraphError ? FACEBOOK_KEYS_MESSAGES.tokenRefused : FACEBOOK_KEYS_MESSAGES.unreachable,
    );
  }
  const name = typeof page.name === 'string' ? page.name : '';
  if (typeof page.id !== 'string' || page.id === '') throw await refuse(FACEBOOK_KEYS_MESSAGES.tokenRefused);
  if (page.id !== pageId) throw await refuse(FACEBOOK_KEYS_MESSAGES.otherPage(name, page.id));
  return { [FACEBOOK_KEY.isValidated]: true, [FACEBOOK_KEY.pageName]: name };
}

/** Facebook Messenger's keys, the webhook URL and verify token to enter at Meta, and the webhook (issue 14). */
export const facebookPlatform = definePlatform({
  id: 'facebook',
  keys: FACEBOOK_KEYS,
  channels: { facebook: facebookChannel },
  shownKeys(ctx, keys) {
    return {
      callbackUrl: webhookUrlOf(ctx, 'facebook', keys.webhookId),
      verifyToken: verifyTokenOf(ctx, keys.webhookId),
    };
  },
  async afterSave(ctx, keys, changed) {
    const checked = [FACEBOOK_KEY.pageId, FACEBOOK_KEY.pageToken, FACEBOOK_KEY.appSecret];
    if (
      keys.values[FACEBOOK_KEY.isValidated] === true &&
      !changed.some((name) => checked.includes(name as never))
    )
      return {};
    return validatePage(ctx, keys);
  },
  routes(app, ctx) {
    facebookWebhookRoutes(app, ctx, facebookPlatform);
  },
});
