import {
  AppError,
  BOT_BUNDLE_MESSAGES,
  conflict,
  type ImportBotQuery,
  type ImportBotResponse,
  type ImportedBotData,
} from '@parley/contracts';
import { isUniqueViolation } from '@parley/db';
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
import { assertBotAllowed, assertNameFree, creatorMayMakeGlobal, insertBot } from './bot-creation.service';

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
 * The staging bot's name: a word of the API (RESERVED_BOT_NAMES), so no real bot can have it;
 * two stagings at once wait for each other on its id.
 */
const STAGING_BOT_NAME = 'import';

class StagingDone extends Error {}

/**
 * Runs the whole import into a bot that never exists: the transaction is rolled back at the
 * end. Every rule of the real import (names across kinds, values across entities, regexes run
 * by RE2, global names) is checked by the code that applies it.
 */
async function rehearseImport(ctx: AppContext, principal: Principal, content: BundleContent): Promise<void> {
  const canMakeGlobal = await creatorMayMakeGlobal(principal);
  try {
    await ctx.repos.transaction(async (repos) => {
      const scope = repos.forTenant(principal.tenantId);
      const bot = await scope.bots.create({
        botName: STAGING_BOT_NAME,
        region: content.bot.region,
        settings: content.settings,
      });
      await importBundleContent({ bot, scope, canMakeGlobal, actorId: principal.user.id }, content);
      throw new StagingDone();
    });
  } catch (error) {
    if (error instanceof StagingDone) return;
    // Only a simultaneous change of the account's global items can still collide.
    if (isUniqueViolation(error))
      throw conflict('The account was changed at the same time. Please try again.');
    throw error;
  }
}

/**
 * POST /api/bots/import/staging: the file checked by every rule of an import (nothing is
 * created), answered as the spec's Imported bot data with the counts of the dialog.
 */
export async function stageBotImport(
  ctx: AppContext,
  principal: Principal,
  file: UploadedFile,
): Promise<ImportedBotData> {
  await requireImportExport(ctx, principal);
  // Only someone who could import the bot may have a file read: the rights and cap of importing.
  await assertBotAllowed(ctx, principal, true);
  const content = await openBundle(ctx, file);
  await rehearseImport(ctx, principal, content);
  return summariseBundle(content);
}

/**
 * POST /api/bots/import: a new bot from the file, under the dialog's name, region, recognizer,
 * language and Automate; the rules and the plan's cap of creating a bot apply. One transaction:
 * a refusal creates nothing.
 */
export async function importBot(
  ctx: AppContext,
  principal: Principal,
  choice: ImportBotQuery,
  file: UploadedFile,
  passphrase?: string,
): Promise<ImportBotResponse> {
  await requireImportExport(ctx, principal);
  const { content, functionsNeedingCredentials } = await credentialsForImport(
    await openBundle(ctx, file),
    passphrase,
  );
  await assertNameFree(principal, choice.name);
  await assertBotAllowed(ctx, principal, choice.acceptAdditionalCost);
  const settings = importSettings(content.settings, choice);
  const bot = await insertBot(ctx, principal, {
    name: choice.name,
    region: choice.region,
    settings,
    content,
    acceptAdditionalCost: choice.acceptAdditionalCost,
    audit: {
      action: 'bot.imported',
      details: `name=${choice.name} from=${content.bot.botName} region=${choice.region} language=${settings.language} recognizer=${settings.intentRecognizerProvider ?? 'none'}`,
    },
  });
  return {
    bot: toBotDetails(bot),
    url: `/bots/${encodeURIComponent(bot.botName)}`,
    functionsNeedingCredentials,
  };
}
