import { botFileNames } from '@parley/contracts';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import { bundleKey, encodeBundle } from '../../bot-bundle/bundle-codec';
import { exportBundleContent } from '../../bot-bundle/bundle-content';
import { credentialsForExport } from '../../bot-bundle/bundle-credentials';
import type { AppContext } from '../../context';
import { requireImportExport } from '../tenancy/tenant-plan.service';
import { loadBot } from './bot-access.service';

/**
 * GET /api/bots/{bot}/export (permission ExportBots): the whole bot as an .enc bundle named
 * bot-{bot}.enc (docs/bot-bundle-format.md), recorded in the audit log. Functions' credentials
 * are left out; POST with a passphrase seals them in instead.
 */
export async function exportBot(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  passphrase?: string,
): Promise<{ fileName: string; data: Buffer }> {
  await requireImportExport(ctx, principal);
  const bot = await loadBot(principal, botRef);
  const content = await credentialsForExport(
    await exportBundleContent({
      bot,
      scope: principal.scope,
      canMakeGlobal: false,
      actorId: principal.user.id,
    }),
    passphrase,
  );
  const data = encodeBundle(content, bundleKey(ctx.config.botBundleSecret));
  await principal.scope.audit.record({
    actor: principal.user.id,
    action: 'bot.exported',
    target: bot.id,
    details: `name=${bot.botName} bytes=${data.length} credentials=${content.credentials?.state ?? 'none'}`,
  });
  return { fileName: botFileNames.export(bot.botName), data };
}
