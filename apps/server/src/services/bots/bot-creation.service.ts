import {
  AppError,
  BOT_MESSAGES,
  type BotLimit,
  type BotLimitRefusal,
  type BotSettings,
  type CreateBotBody,
  type CreateBotResponse,
  conflict,
  DEFAULT_BOT_SETTINGS,
  isReservedBotName,
  Permission,
  recognizerOfCreateBody,
  validationError,
} from '@parley/contracts';
import { type Bot, isUniqueViolation, type Repositories } from '@parley/db';
import type { Principal } from '../../auth/principal';
import type { BundleContent } from '../../bot-bundle/bundle-content';
import { importBundleContent } from '../../bot-bundle/bundle-content';
import { templateSettings } from '../../bot-bundle/import-choices';
import type { AppContext } from '../../context';
import { planOf } from '../tenancy/tenant-plan.service';
import { toBotDetails } from './bot-access.service';
import { botTemplateContent } from './bot-templates.service';

const M = BOT_MESSAGES;

/** A non-administrator who creates a bot holds this built-in role on it (Administrator). */
export const CREATOR_ROLE_ID = 4;

/** GET /api/bots/limit: the web app asks before opening the create dialog. */
export async function botLimit(ctx: AppContext, principal: Principal): Promise<BotLimit> {
  const [plan, botCount] = await Promise.all([planOf(ctx, principal), principal.scope.bots.count()]);
  const maxFreeBots = plan?.maxFreeBots ?? 0;
  return {
    botCount,
    maxFreeBots,
    hasAdditionalBotsCost: plan?.hasAdditionalBotsCost ?? false,
    isAtLimit: botCount >= maxFreeBots,
  };
}

const limitRefusal = (botLimit: BotLimitRefusal, message: string) =>
  new AppError('custom_error', message, { botLimit }, 403);

/**
 * The plan's bot cap (spec 01 section 9): beyond maxFreeBots only when the plan charges for
 * additional bots, and then only with the caller's consent (`acceptAdditionalCost`). Creating
 * from scratch, from a template and importing all count. Checked before the work starts (a
 * clear answer early) and again inside the creating transaction (insertBot), under the
 * tenant's lock, so concurrent requests cannot pass the cap together. Bots still being imported
 * count: they are bots in a moment.
 */
export async function assertBotAllowed(
  ctx: AppContext,
  principal: Principal,
  acceptAdditionalCost: boolean,
): Promise<void> {
  await assertBotCap(ctx.repos, principal.tenantId, acceptAdditionalCost);
}

export async function assertBotCap(
  repos: Repositories,
  tenantId: string,
  acceptAdditionalCost: boolean,
): Promise<void> {
  const tenant = await repos.tenants.get(tenantId);
  const plan = tenant && (await repos.plans.get(tenant.planId));
  if (!plan) throw limitRefusal('no-plan', M.noPlan);
  if ((await repos.forTenant(tenantId).bots.countWithImports()) < plan.maxFreeBots) return;
  if (!plan.hasAdditionalBotsCost) throw limitRefusal('reached', M.botLimitReached);
  if (!acceptAdditionalCost) throw limitRefusal('additional-cost', M.botLimitAdditionalCost);
}

/** A new bot's name must be free; the API's own words count as taken. */
export async function assertNameFree(principal: Principal, name: string): Promise<void> {
  if (isReservedBotName(name) || (await principal.scope.bots.get(name)))
    throw validationError('name', M.nameTaken);
}

/**
 * Whether the creator of a bot may make its content global (MakeGlobal): account administrators,
 * or others when the role they receive on the new bot holds it in this tenant.
 */
export async function creatorMayMakeGlobal(principal: Principal): Promise<boolean> {
  if (principal.isTenantAdmin) return true;
  const role = await principal.scope.roles.get(CREATOR_ROLE_ID);
  return role?.permissions.includes(Permission.MakeGlobal) ?? false;
}

export interface NewBot {
  name: string;
  region: string;
  settings: BotSettings;
  /** A bundle's or a starter template's content, created in the bot with it. */
  content?: BundleContent;
  /** The caller's consent to a bot beyond the plan's free ones (checked again in the transaction). */
  acceptAdditionalCost: boolean;
  audit: { action: 'bot.created' | 'bot.imported'; details: string };
}

/**
 * Creates a bot in one transaction: its row, the creator's role on it, every section of the
 * content it comes with, and the audit row. Anything refused leaves nothing behind.
 */
export async function insertBot(ctx: AppContext, principal: Principal, newBot: NewBot): Promise<Bot> {
  // Read before the transaction: SQLite has one connection, which the transaction holds.
  const canMakeGlobal = newBot.content ? await creatorMayMakeGlobal(principal) : false;
  let isInserted = false;
  return ctx.repos
    .transaction(async (repos) => {
      await repos.tenants.lock(principal.tenantId);
      await assertBotCap(repos, principal.tenantId, newBot.acceptAdditionalCost);
      const scope = repos.forTenant(principal.tenantId);
      const bot = await scope.bots.create({
        botName: newBot.name,
        region: newBot.region,
        settings: newBot.settings,
      });
      isInserted = true;
      if (!principal.isTenantAdmin) await scope.botRoles.set(principal.user.id, bot.id, CREATOR_ROLE_ID);
      if (newBot.content)
        await importBundleContent(
          { bot, scope, canMakeGlobal, actorId: principal.user.id },
          { ...newBot.content, settings: newBot.settings },
        );
      await scope.audit.record({
        actor: principal.user.id,
        action: newBot.audit.action,
        target: bot.id,
        details: newBot.audit.details,
      });
      return bot;
    })
    .catch((error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
      // Two requests for the same name at once: the second finds the id taken.
      if (!isInserted) throw validationError('name', M.nameTaken);
      throw conflict('The account was changed at the same time. Please try again.');
    });
}

function initialSettings(body: CreateBotBody): BotSettings {
  const recognizer = recognizerOfCreateBody(body);
  const language = body.language ?? DEFAULT_BOT_SETTINGS.language;
  return {
    ...DEFAULT_BOT_SETTINGS,
    language,
    supportedLanguages: [language],
    intentRecognizerProvider: recognizer,
    entityExtractorProvider: recognizer,
    nluAutomate: body.nluAutomate,
  };
}

const describeSettings = (name: string, region: string, settings: BotSettings) =>
  `name=${name} region=${region} language=${settings.language} recognizer=${settings.intentRecognizerProvider ?? 'none'}`;

/**
 * POST /api/bot: a bot from scratch, or from a starter template (its content, language and
 * recognizer come from the template; the name, region and Automate from the dialog).
 */
export async function createBot(
  ctx: AppContext,
  principal: Principal,
  body: CreateBotBody,
): Promise<CreateBotResponse> {
  const template = body.createType === 'template' ? botTemplateContent(body.template ?? '') : undefined;
  if (body.createType === 'template' && !template) throw validationError('template', M.selectTemplate);
  await assertNameFree(principal, body.name);
  await assertBotAllowed(ctx, principal, body.acceptAdditionalCost);
  const settings = template ? templateSettings(template.settings, body) : initialSettings(body);
  const details = describeSettings(body.name, body.region, settings);
  const bot = await insertBot(ctx, principal, {
    name: body.name,
    region: body.region,
    settings,
    ...(template ? { content: template } : {}),
    acceptAdditionalCost: body.acceptAdditionalCost,
    audit: { action: 'bot.created', details: template ? `${details} template=${body.template}` : details },
  });
  return { bot: toBotDetails(bot) };
}
