import {
  AppError,
  BOT_BUNDLE_MESSAGES,
  conflict,
  DEFAULT_BOT_REGION,
  type ImportBotQuery,
  type ImportBotResponse,
  type ImportedBotData,
} from '@parley/contracts';
import { type Bot, isUniqueViolation } from '@parley/db';
import type { Principal } from '../../auth/principal';
import { type BundleContent, importBundleContent, summariseBundle } from '../../bot-bundle/bundle-content';
import { credentialsForImport } from '../../bot-bundle/bundle-credentials';
import { bundleFileError } from '../../bot-bundle/bundle-errors';
import { importSettings } from '../../bot-bundle/import-choices';
import type { AppContext } from '../../context';
import type { UploadedFile } from '../../http/multipart';
import { runInputTask } from '../../untrusted-input/run-input-task';
import { requireImportExport } from '../tenancy/tenant-plan.service';
import { toBotDetails } from './bot-access.service';
import { assertBotAllowed, assertNameFree, creatorMayMakeGlobal } from './bot-creation.service';
import { claimImportingBot, removeImportingBot, writeImportingBot } from './importing-bot.service';

/** How long reading one bot file may take in its worker (a 10,000-intent bot takes a few seconds). */
const OPEN_BUNDLE_TIMEOUT_MS = 60_000;

/**
 * Opens an uploaded .enc file and reads its content with the kinds' schemas, or refuses it
 * clearly; in a worker thread, so a huge or hostile file stalls no other request.
 */
export function openBundle(ctx: AppContext, file: UploadedFile): Promise<BundleContent> {
  return runInputTask(
    'openBundle',
    { file: file.data, operatorSecret: ctx.config.botBundleSecret },
    {
      timeoutMs: OPEN_BUNDLE_TIMEOUT_MS,
      tooComplex: () => bundleFileError('too-complex', BOT_BUNDLE_MESSAGES.tooComplex),
      busy: () => new AppError('custom_error', BOT_BUNDLE_MESSAGES.busy, {}, 503),
    },
  );
}

/**
 * The bot a staging rehearses a file in: named by its person (an address, which no bot name can
 * hold), seen by nothing, removed once the staging answers.
 */
const stagingBotName = (principal: Principal) => `import ${principal.user.id}`;

/** Before a bundle's settings are read, the claimed bot's: replaced once the file is open. */
const PLACEHOLDER_SETTINGS = {};

/**
 * Runs the whole import into a bot that never becomes one, in short transactions: every rule of
 * the real import (names across kinds, values across entities, regexes run by RE2) is checked by
 * the code that applies it. Nothing is made global (the file's global items become the bot's
 * own here), so nothing of the rehearsal is ever seen outside its bot: whether an item would be
 * made global changes no refusal, since an item that may be global may also be the bot's own.
 */
async function rehearseImport(
  ctx: AppContext,
  principal: Principal,
  bot: Bot,
  content: BundleContent,
): Promise<void> {
  await writeImportingBot(ctx, principal, bot, async (scope, breakSlice) => {
    await scope.bots.update(bot.id, { region: content.bot.region, settings: content.settings });
    await importBundleContent(
      { bot, scope, canMakeGlobal: false, actorId: principal.user.id, breakSlice },
      content,
    );
  });
}

/**
 * POST /api/bots/import/staging: the file checked by every rule of an import (nothing is
 * created), answered as the spec's Imported bot data with the counts of the dialog. One bot
 * file of a person is read at a time (429 meanwhile).
 */
export async function stageBotImport(
  ctx: AppContext,
  principal: Principal,
  file: UploadedFile,
): Promise<ImportedBotData> {
  await requireImportExport(ctx, principal);
  // Only someone who could import the bot may have a file read: the rights and cap of importing.
  await assertBotAllowed(ctx, principal, true);
  // Claimed before the file is read: a person's files do not fill the readers' line.
  const bot = await claimImportingBot(ctx, principal, {
    botName: stagingBotName(principal),
    region: DEFAULT_BOT_REGION,
    settings: PLACEHOLDER_SETTINGS,
  });
  try {
    const content = await openBundle(ctx, file);
    await rehearseImport(ctx, principal, bot, content);
    return summariseBundle(content);
  } catch (error) {
    // Only a simultaneous change of the account can still collide.
    if (isUniqueViolation(error))
      throw conflict('The account was changed at the same time. Please try again.');
    throw error;
  } finally {
    await removeImportingBot(ctx, principal.tenantId, bot);
  }
}

/**
 * POST /api/bots/import: a new bot from the file, under the dialog's name, region, recognizer,
 * language and Automate; the rules and the plan's cap of creating a bot apply. The bot is
 * claimed before the file is read and written in short transactions, seen by no one until it
 * is complete; a refusal removes it and anything it made, so nothing of it stays.
 */
export async function importBot(
  ctx: AppContext,
  principal: Principal,
  choice: ImportBotQuery,
  file: UploadedFile,
  passphrase?: string,
): Promise<ImportBotResponse> {
  await requireImportExport(ctx, principal);
  await assertNameFree(principal, choice.name);
  await assertBotAllowed(ctx, principal, choice.acceptAdditionalCost);
  const canMakeGlobal = await creatorMayMakeGlobal(principal);
  const bot = await claimImportingBot(
    ctx,
    principal,
    { botName: choice.name, region: choice.region, settings: PLACEHOLDER_SETTINGS },
    { acceptAdditionalCost: choice.acceptAdditionalCost },
  );
  let opened: Awaited<ReturnType<typeof credentialsForImport>>;
  try {
    opened = await credentialsForImport(await openBundle(ctx, file), passphrase);
  } catch (error) {
    await removeImportingBot(ctx, principal.tenantId, bot);
    throw error;
  }
  const { content, functionsNeedingCredentials } = opened;
  const settings = importSettings(content.settings, choice);
  try {
    await writeImportingBot(ctx, principal, bot, async (scope, breakSlice, madeGlobal) => {
      await scope.bots.update(bot.id, { settings });
      await importBundleContent(
        { bot, scope, canMakeGlobal, actorId: principal.user.id, breakSlice, madeGlobal },
        { ...content, settings },
      );
      await scope.bots.finishImport(bot.id);
      await scope.audit.record({
        actor: principal.user.id,
        action: 'bot.imported',
        target: bot.id,
        details: `name=${choice.name} from=${content.bot.botName} region=${choice.region} language=${settings.language} recognizer=${settings.intentRecognizerProvider ?? 'none'}`,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('The account was changed at the same time. Please try again.');
    throw error;
  }
  return {
    bot: toBotDetails({ ...bot, settings }),
    url: `/bots/${encodeURIComponent(bot.botName)}`,
    functionsNeedingCredentials,
  };
}
