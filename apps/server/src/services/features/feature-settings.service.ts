import {
  AppError,
  type BotDetails,
  type Dashboard,
  type DashboardBody,
  dashboardOf,
  type GdprSettings,
  type GdprSettingsBody,
  gdprSettingsOf as gdprOfStored,
  type HandoverSettings,
  type HandoverSettingsBody,
  handoverSettingsOf as handoverOfStored,
  languageChoices,
  FEATURES_MESSAGES as M,
  maskingPatternsProblem,
  NO_RECOGNIZER,
  readBotSettings,
  type SupportedLanguagesBody,
  validationError,
} from '@parley/contracts';
import type { Bot } from '@parley/db';
import { type BotRef, botRefOf } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { getBot } from '../bots/bot.service';
import { loadBot } from '../bots/bot-access.service';
import { changeBot } from '../bots/bot-settings.service';
import { safeRegexChecker } from '../content/safe-regex';

/**
 * The Features tab's settings (spec 04 sections 3.7-3.9, 7.2): GDPR, handover and the
 * dashboard live in the bot's settings JSON (`settings.gdpr`, `settings.handover`,
 * `settings.dashboard`), written under the bot's row lock like the General tab's, so no save
 * undoes another. The runtime reads them with `gdprSettingsOf(bot)` / `handoverSettingsOf(bot)`
 * on every turn: a change holds from the next message on.
 */

/** A bot's GDPR settings as saved, defaults for what never was: what the runtime applies. */
export const gdprSettingsOf = (bot: Pick<Bot, 'settings'>): GdprSettings => gdprOfStored(bot.settings);

/** A bot's handover settings as saved, defaults for what never was: what the runtime applies. */
export const handoverSettingsOf = (bot: Pick<Bot, 'settings'>): HandoverSettings =>
  handoverOfStored(bot.settings);

/** GET /api/bots/{bot}/gdpr/settings. */
export async function getGdprSettings(principal: Principal, botRef: BotRef): Promise<GdprSettings> {
  return gdprSettingsOf(await loadBot(principal, botRef));
}

/**
 * PUT /api/bots/{bot}/gdpr/settings: the whole GDPR sub-tab. Each masking pattern must compile
 * with the regex engine entities use (RE2: linear matching, so no pattern can hang a turn), else
 * 'Invalid regex: {pattern}' with RE2's reason beside it.
 */
export async function saveGdprSettings(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  body: GdprSettingsBody,
): Promise<GdprSettings> {
  const problem = maskingPatternsProblem(body.maskingPatterns, safeRegexChecker);
  if (problem)
    throw new AppError('validation_error', problem.message, {
      fieldName: problem.field,
      ...(problem.reason ? { reason: problem.reason } : {}),
    });
  const bot = await loadBot(principal, botRef);
  await changeBot(ctx, principal, bot, (settings) => ({ settings: { ...settings, gdpr: body } }));
  return body;
}

/** GET /api/bots/{bot}/handover/settings. */
export async function getHandoverSettings(principal: Principal, botRef: BotRef): Promise<HandoverSettings> {
  return handoverSettingsOf(await loadBot(principal, botRef));
}

/** PUT /api/bots/{bot}/handover/settings: the whole Handover sub-tab. */
export async function saveHandoverSettings(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  body: HandoverSettingsBody,
): Promise<HandoverSettings> {
  const bot = await loadBot(principal, botRef);
  await changeBot(ctx, principal, bot, (settings) => ({ settings: { ...settings, handover: body } }));
  return body;
}

/** GET /api/bots/{bot}/dashboard: the design and the custom widgets (blank ones dropped). */
export async function getDashboard(principal: Principal, botRef: BotRef): Promise<Dashboard> {
  return dashboardOf((await loadBot(principal, botRef)).settings);
}

/** POST /api/bots/{bot}/dashboard: the custom widgets replace the stored ones; the design given, or kept. */
export async function saveDashboard(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  body: DashboardBody,
): Promise<Dashboard> {
  const bot = await loadBot(principal, botRef);
  let saved: Dashboard = dashboardOf(bot.settings);
  await changeBot(ctx, principal, bot, (settings, fresh) => {
    saved = { design: body.design ?? dashboardOf(fresh.settings).design, customWidget: body.customWidget };
    return { settings: { ...settings, dashboard: saved } };
  });
  return saved;
}

/**
 * PUT /api/bots/{bot}/languages (Multi-Language): the bot's languages. The default
 * language stays (spec 04 section 5) and comes first; each other one must be a language the
 * bot's intent recognizer understands (any known language without one). The system messages
 * of a language taken away are kept: adding it again brings them back.
 */
export async function saveSupportedLanguages(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  body: SupportedLanguagesBody,
): Promise<BotDetails> {
  const bot = await loadBot(principal, botRef);
  await changeBot(ctx, principal, bot, (settings, fresh) => {
    const { language, intentRecognizerProvider } = readBotSettings(fresh.settings);
    if (!body.supportedLanguages.includes(language))
      throw validationError('supportedLanguages', M.defaultLanguageKept(language));
    const offered = languageChoices(intentRecognizerProvider ?? NO_RECOGNIZER, false);
    const refused = body.supportedLanguages.find((code) => code !== language && !offered.includes(code));
    if (refused !== undefined) throw validationError('supportedLanguages', M.languageNotOffered(refused));
    const others = body.supportedLanguages.filter((code) => code !== language);
    return { settings: { ...settings, supportedLanguages: [language, ...others] } };
  });
  return getBot(ctx, principal, botRefOf(bot));
}
