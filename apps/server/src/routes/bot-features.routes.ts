import {
  dashboardBodySchema,
  FEATURES_PERMISSIONS,
  gdprSettingsBodySchema,
  handoverSettingsBodySchema,
  supportedLanguagesBodySchema,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { botOf, principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { parseInput } from '../http/validate';
import {
  getDashboard,
  getGdprSettings,
  getHandoverSettings,
  saveDashboard,
  saveGdprSettings,
  saveHandoverSettings,
  saveSupportedLanguages,
} from '../services/features/feature-settings.service';

type BotParams = { Params: { bot: string } };

/**
 * The Features tab (spec 04 sections 2.3, 3.7-3.9, 6, 7.2): GDPR (23), Handover (32), Custom
 * Widgets (18) and Multi-Language (17, a general setting). Whoever may see the bot reads them
 * (the tab shows them read-only without the permission); saving needs the sub-tab's permission.
 * The consent CSV is GET /api/bots/{bot}/consent (bots.routes.ts, Export logs 7).
 */
export function botFeaturesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const P = FEATURES_PERMISSIONS;

  app.get<BotParams>('/api/bots/:bot/gdpr/settings', { config: { access: 'botMember' } }, async (request) =>
    getGdprSettings(principalOf(request), botOf(request)),
  );
  app.put<BotParams>(
    '/api/bots/:bot/gdpr/settings',
    { config: { access: { botPermission: P.gdpr } } },
    async (request) =>
      saveGdprSettings(
        ctx,
        principalOf(request),
        botOf(request),
        parseInput(gdprSettingsBodySchema, request.body),
      ),
  );

  app.get<BotParams>(
    '/api/bots/:bot/handover/settings',
    { config: { access: 'botMember' } },
    async (request) => getHandoverSettings(principalOf(request), botOf(request)),
  );
  app.put<BotParams>(
    '/api/bots/:bot/handover/settings',
    { config: { access: { botPermission: P.handover } } },
    async (request) =>
      saveHandoverSettings(
        ctx,
        principalOf(request),
        botOf(request),
        parseInput(handoverSettingsBodySchema, request.body),
      ),
  );

  app.get<BotParams>('/api/bots/:bot/dashboard', { config: { access: 'botMember' } }, async (request) =>
    getDashboard(principalOf(request), botOf(request)),
  );
  app.post<BotParams>(
    '/api/bots/:bot/dashboard',
    { config: { access: { botPermission: P.customWidgets } } },
    async (request) =>
      saveDashboard(ctx, principalOf(request), botOf(request), parseInput(dashboardBodySchema, request.body)),
  );

  app.put<BotParams>(
    '/api/bots/:bot/languages',
    { config: { access: { botPermission: P.multiLanguage } } },
    async (request) =>
      saveSupportedLanguages(
        ctx,
        principalOf(request),
        botOf(request),
        parseInput(supportedLanguagesBodySchema, request.body),
      ),
  );
}
