import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { analyticsRoutes } from './analytics.routes';
import { authRoutes } from './auth.routes';
import { botBundleRoutes } from './bot-bundle.routes';
import { botConfigurationRoutes } from './bot-configuration.routes';
import { botFeaturesRoutes } from './bot-features.routes';
import { botRolesRoutes } from './bot-roles.routes';
import { botSettingsRoutes } from './bot-settings.routes';
import { botsRoutes } from './bots.routes';
import { channelKeysRoutes } from './channel-keys.routes';
import { channelWebhookRoutes } from './channel-webhooks.routes';
import { directLineRoutes } from './direct-line.routes';
import { directoryRoutes } from './directory.routes';
import { entitiesRoutes } from './entities.routes';
import { externalApiRoutes } from './external-api.routes';
import { flowEditorRoutes } from './flow-editor.routes';
import { flowsRoutes } from './flows.routes';
import { functionsRoutes } from './functions.routes';
import { handoverRoutes } from './handover.routes';
import { healthRoutes } from './health.routes';
import { intentsRoutes } from './intents.routes';
import { llmRoutes } from './llm.routes';
import { llmProvidersRoutes } from './llm-providers.routes';
import { llmQualityRoutes } from './llm-quality.routes';
import { masterTenantRoutes } from './master-tenant.routes';
import { nluPerformanceRoutes } from './nlu-performance.routes';
import { nluPredictRoutes } from './nlu-predict.routes';
import { nluStatusRoutes } from './nlu-status.routes';
import { passwordRoutes } from './password.routes';
import { rolesRoutes } from './roles.routes';
import { signupRoutes } from './signup.routes';
import { snippetsRoutes } from './snippets.routes';
import { synchronizationRoutes } from './synchronization.routes';
import { tenantRoutes } from './tenant.routes';
import { tenantPlanRoutes } from './tenant-plan.routes';
import { testChatRoutes } from './test-chat.routes';
import { testChatLinkRoutes } from './test-chat-link.routes';
import { userManualRoutes } from './user-manual.routes';
import { usersRoutes } from './users.routes';
import { variablesRoutes } from './variables.routes';
import { websocketRoutes } from './websocket.routes';
import { widgetRoutes } from './widget.routes';

/** Every route module, registered in one place. */
export const ROUTE_MODULES: Array<(app: FastifyInstance, ctx: AppContext) => void> = [
  healthRoutes,
  authRoutes,
  signupRoutes,
  passwordRoutes,
  directoryRoutes,
  userManualRoutes,
  usersRoutes,
  botRolesRoutes,
  rolesRoutes,
  tenantRoutes,
  tenantPlanRoutes,
  masterTenantRoutes,
  botsRoutes,
  botBundleRoutes,
  botSettingsRoutes,
  botConfigurationRoutes,
  channelKeysRoutes,
  channelWebhookRoutes,
  botFeaturesRoutes,
  snippetsRoutes,
  intentsRoutes,
  entitiesRoutes,
  functionsRoutes,
  handoverRoutes,
  flowsRoutes,
  flowEditorRoutes,
  llmProvidersRoutes,
  llmRoutes,
  llmQualityRoutes,
  variablesRoutes,
  nluStatusRoutes,
  nluPerformanceRoutes,
  synchronizationRoutes,
  nluPredictRoutes,
  testChatRoutes,
  analyticsRoutes,
  testChatLinkRoutes,
  externalApiRoutes,
  directLineRoutes,
  websocketRoutes,
  widgetRoutes,
];
