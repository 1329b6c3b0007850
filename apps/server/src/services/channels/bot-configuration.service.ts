import {
  AppError,
  type BotConfigurationBody,
  type BotConfigurationView,
  type ChannelDeclaration,
  CONFIGURATION_PERMISSIONS,
  CONNECTION_CATALOGUES,
  type ConnectionChange,
  type ConnectionKind,
  type ConnectionView,
  canRemoveConnection,
  canRequestConnection,
  connectionState,
  ENGINES,
  type EngineCategoryView,
  type EngineDefinition,
  type EngineRole,
  engineById,
  isSelectableRecognizer,
  CONFIGURATION_MESSAGES as M,
  permissionDenied,
  readBotSettings,
  validationError,
} from '@parley/contracts';
import type { Bot, BotConnection, TenantScope } from '@parley/db';
import { type BotRef, botRefOf } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { loadBot, permissionsOnBot } from '../bots/bot-access.service';
import { changeBot } from '../bots/bot-settings.service';
import { planOf } from '../tenancy/tenant-plan.service';
import { isChannelConnected, settingsDialogOf } from './channel-plugins';

/**
 * The Configuration tab (spec 04 sections 2.3, 3.2, 3.3, 4, 5, 6): the bot's channels and
 * connectors with their states, and its engine choices. The catalogue (contracts/channels.ts)
 * says what exists; the bot's rows say what it added, enabled and requested; each channel's
 * plug-in says whether it is connected. Decisions: docs/decisions.md 'Configuration tab'.
 */

interface PlanChannelRules {
  /** null: every channel of the catalogue. */
  allowedChannels: string[] | null;
  maxEnabledChannels: number | null;
}

const ENGINE_CATEGORIES: ReadonlyArray<{ id: EngineRole; name: string; setting: SettingKey }> = [
  { id: 'intentRecognizer', name: 'Intent recognizer', setting: 'intentRecognizerProvider' },
  { id: 'entityExtractor', name: 'Entity extractor', setting: 'entityExtractorProvider' },
];
type SettingKey = 'intentRecognizerProvider' | 'entityExtractorProvider';

async function channelRules(ctx: AppContext, principal: Principal): Promise<PlanChannelRules> {
  const metadata = (await planOf(ctx, principal))?.metadata ?? {};
  const allowed = metadata.allowedChannels;
  const max = metadata.maxChannels;
  return {
    allowedChannels: Array.isArray(allowed)
      ? allowed.filter((id): id is string => typeof id === 'string')
      : null,
    maxEnabledChannels: typeof max === 'number' && Number.isInteger(max) && max >= 0 ? max : null,
  };
}

const isAllowed = (rules: PlanChannelRules, kind: ConnectionKind, id: string) =>
  kind !== 'channel' || rules.allowedChannels === null || rules.allowedChannels.includes(id);

/** The catalogue's entries a bot may list: hidden ones (WhatsApp, Cortana, Crisp) never. */
function listedEntries(kind: ConnectionKind): Array<[string, ChannelDeclaration]> {
  return Object.entries(CONNECTION_CATALOGUES[kind]).filter(([, declaration]) => !declaration.isHidden);
}

function declarationOf(kind: ConnectionKind, name: string): ChannelDeclaration {
  const declaration = Object.hasOwn(CONNECTION_CATALOGUES[kind], name)
    ? CONNECTION_CATALOGUES[kind][name]
    : undefined;
  if (!declaration || declaration.isHidden)
    throw validationError('name', kind === 'channel' ? M.unknownChannel(name) : M.unknownConnector(name));
  return declaration;
}

async function connectionViews(
  scope: TenantScope,
  bot: Bot,
  kind: ConnectionKind,
  rows: readonly BotConnection[],
  rules: PlanChannelRules,
): Promise<ConnectionView[]> {
  const byId = new Map(rows.filter((row) => row.kind === kind).map((row) => [row.connectionId, row]));
  return Promise.all(
    listedEntries(kind).map(async ([id, declaration]) => {
      const row = byId.get(id);
      const connected =
        kind === 'channel' && !declaration.unavailableReason
          ? await isChannelConnected(scope, bot, id)
          : false;
      const flags = { connected, enabled: row?.isEnabled ?? false, requested: row?.requestedAt != null };
      const view: ConnectionView = {
        id,
        kind,
        name: declaration.name,
        icon: id,
        ...flags,
        visible: row !== undefined,
        isAllowed: isAllowed(rules, kind, id),
        settingsDialog: settingsDialogOf(kind, id),
        unavailableReason: declaration.unavailableReason ?? null,
        state: connectionState(flags),
      };
      if (kind === 'channel') {
        view.isOpen = flags.connected && flags.enabled;
        view.errors = [];
        view.warnings = declaration.unavailableReason ? [declaration.unavailableReason] : [];
      }
      return view;
    }),
  );
}

function engineCategories(bot: Bot): EngineCategoryView[] {
  const settings = readBotSettings(bot.settings);
  return ENGINE_CATEGORIES.map(({ id, name, setting }) => ({
    id,
    name,
    selectedProvider: settings[setting] ?? null,
    options: (ENGINES as readonly EngineDefinition[])
      .filter((engine) => engine.roles.includes(id) && !engine.isRetired)
      .map((engine) => ({
        provider: engine.id,
        name: engine.label,
        image: engine.icon,
        disabled: !isSelectableEngine(engine),
      })),
  }));
}

/** An engine Parley can publish to (the others are listed but cannot be picked). */
const isSelectableEngine = (engine: EngineDefinition) =>
  !engine.isRetired && engine.isConfigurable && engine.hasProvider;

async function configurationOf(
  ctx: AppContext,
  principal: Principal,
  bot: Bot,
): Promise<BotConfigurationView> {
  const scope = principal.scope;
  const [rows, rules] = await Promise.all([
    scope.botConnections(bot.id).list(),
    channelRules(ctx, principal),
  ]);
  const [channels, systems] = await Promise.all([
    connectionViews(scope, bot, 'channel', rows, rules),
    connectionViews(scope, bot, 'system', rows, rules),
  ]);
  return {
    channels,
    systems,
    engines: engineCategories(bot),
    limits: { ...rules, enabledChannels: countEnabledChannels(rows) },
  };
}

// The catalogue holds no Test Chat entry, so no row of it is ever counted (spec 04 section 5).
const countEnabledChannels = (rows: readonly BotConnection[]) =>
  rows.filter((row) => row.kind === 'channel' && row.isEnabled).length;

/** GET /api/bots/{bot}/configuration. */
export async function getBotConfiguration(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
): Promise<BotConfigurationView> {
  return configurationOf(ctx, principal, await loadBot(principal, botRef));
}

/**
 * POST /api/bots/{bot}/configuration: adds, removes, enables and disables connections and sets
 * the engine choices; each part needs its permission. The bot's row is held while the changes
 * are checked and made, so two saves cannot both take the plan's last enabled channel.
 */
export async function saveBotConfiguration(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  body: BotConfigurationBody,
): Promise<BotConfigurationView & { warnings: string[] }> {
  const bot = await loadBot(principal, botRef);
  const held = await permissionsOnBot(principal, bot);
  const need = (permission: number) => {
    if (!held.includes(permission)) throw permissionDenied(permission);
  };
  if (body.channels?.length) need(CONFIGURATION_PERMISSIONS.channel);
  if (body.systems?.length) need(CONFIGURATION_PERMISSIONS.system);
  if (body.engines?.length) need(CONFIGURATION_PERMISSIONS.engines);
  const rules = await channelRules(ctx, principal);
  for (const change of body.channels ?? []) declarationOf('channel', change.name);
  for (const change of body.systems ?? []) declarationOf('system', change.name);
  const engineChoices = (body.engines ?? []).map(checkedEngineChoice);

  await ctx.repos.transaction(async (repos) => {
    const scope = repos.forTenant(principal.tenantId);
    await scope.bots.lock(bot.id);
    const connections = scope.botConnections(bot.id);
    for (const [kind, changes] of [
      ['channel', body.channels ?? []],
      ['system', body.systems ?? []],
    ] as const) {
      for (const change of changes) {
        await applyChange(connections, await connections.list(), kind, change, rules, scope, bot);
      }
    }
  });
  const warnings: string[] = [];
  if (engineChoices.length > 0) {
    await changeBot(ctx, principal, bot, (settings) => {
      for (const { setting, provider } of engineChoices) settings[setting] = provider;
      return { settings };
    });
    const language = readBotSettings(bot.settings).language;
    if (engineChoices.some(({ provider }) => provider && !engineById(provider)?.languages.includes(language)))
      warnings.push(M.languageUnsupported);
  }
  const fresh = await loadBot(principal, botRefOf(bot));
  return { ...(await configurationOf(ctx, principal, fresh)), warnings };
}

function checkedEngineChoice(choice: { id: string; selectedProvider: string | null }): {
  setting: SettingKey;
  provider: string | null;
} {
  const category = ENGINE_CATEGORIES.find((c) => c.id === choice.id);
  if (!category) throw validationError('engines', M.unknownEngineCategory(choice.id.slice(0, 100)));
  if (choice.selectedProvider === null) return { setting: category.setting, provider: null };
  const engine = engineById(choice.selectedProvider);
  const fits = (candidate: EngineDefinition) =>
    candidate.roles.includes(category.id) &&
    (category.id === 'intentRecognizer' ? isSelectableRecognizer(candidate) : isSelectableEngine(candidate));
  if (!engine || !fits(engine))
    throw validationError('engines', M.engineUnavailable(choice.selectedProvider.slice(0, 100)));
  return { setting: category.setting, provider: engine.id };
}

type Connections = ReturnType<TenantScope['botConnections']>;

async function applyChange(
  connections: Connections,
  rows: readonly BotConnection[],
  kind: ConnectionKind,
  change: ConnectionChange,
  rules: PlanChannelRules,
  scope: TenantScope,
  bot: Bot,
): Promise<void> {
  const declaration = declarationOf(kind, change.name);
  const row = rows.find((r) => r.kind === kind && r.connectionId === change.name);
  if (change.visible === false) {
    if (!row) return;
    const connected = kind === 'channel' ? await isChannelConnected(scope, bot, change.name) : false;
    if (!canRemoveConnection({ connected, enabled: row.isEnabled }))
      throw new AppError('custom_error', `Disable ${declaration.name} before removing it.`, {}, 409);
    await connections.remove(kind, change.name);
    return;
  }
  const wantsEnabled = change.enabled ?? (row ? row.isEnabled : true);
  if (wantsEnabled && !(row?.isEnabled ?? false)) {
    if (!isAllowed(rules, kind, change.name))
      throw new AppError(
        'custom_error',
        M.notAllowed(declaration.name),
        { planFeature: 'allowedChannels' },
        403,
      );
    if (declaration.unavailableReason)
      throw validationError('name', M.unavailable(declaration.name, declaration.unavailableReason));
    const max = rules.maxEnabledChannels;
    if (kind === 'channel' && max !== null && countEnabledChannels(rows) >= max) {
      // Adding without saying: the channel is listed, disabled, when the plan has no room.
      if (!row && change.enabled === undefined) {
        await connections.add(kind, change.name, false);
        return;
      }
      throw new AppError('custom_error', M.maxChannels(max), { planFeature: 'maxChannels' }, 403);
    }
  }
  if (!row) {
    if (change.visible !== true && change.enabled === undefined) return;
    if (!isAllowed(rules, kind, change.name))
      throw new AppError(
        'custom_error',
        M.notAllowed(declaration.name),
        { planFeature: 'allowedChannels' },
        403,
      );
    await connections.add(kind, change.name, wantsEnabled && !declaration.unavailableReason);
    return;
  }
  if (row.isEnabled !== wantsEnabled) await connections.setEnabled(kind, change.name, wantsEnabled);
}

/**
 * POST /api/bots/{bot}/request/{channel|system}: asks the operator to connect a connection that
 * has no settings dialog. The request is kept on the connection (state 'Connection requested')
 * and mailed to the tenant's address through the outbox, so somebody acts on it.
 */
export async function requestConnection(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  kind: ConnectionKind,
  name: string,
): Promise<{ message: string }> {
  const bot = await loadBot(principal, botRef);
  if (!(await permissionsOnBot(principal, bot)).includes(CONFIGURATION_PERMISSIONS[kind]))
    throw permissionDenied(CONFIGURATION_PERMISSIONS[kind]);
  const declaration = declarationOf(kind, name);
  const connections = principal.scope.botConnections(bot.id);
  const row = await connections.get(kind, name);
  if (!row) throw validationError('name', M.notAdded(declaration.name));
  const connected = kind === 'channel' ? await isChannelConnected(principal.scope, bot, name) : false;
  const view = {
    connected,
    requested: row.requestedAt !== null,
    settingsDialog: settingsDialogOf(kind, name),
    unavailableReason: declaration.unavailableReason ?? null,
  };
  if (!canRequestConnection(view)) {
    const message = view.unavailableReason
      ? M.unavailable(declaration.name, view.unavailableReason)
      : view.connected
        ? M.alreadyConnected(declaration.name)
        : view.requested
          ? M.alreadyRequested(declaration.name)
          : M.hasDialog(declaration.name);
    throw new AppError('cohesion_error', message, {}, 409);
  }
  await connections.markRequested(kind, name, principal.user.id);
  await notifyOperator(ctx, principal, bot, kind, declaration.name);
  return { message: M.requestSent };
}

/** The request reaches the operator's support address (SUPPORT_EMAIL), as Get Matched does. */
async function notifyOperator(
  ctx: AppContext,
  principal: Principal,
  bot: Bot,
  kind: ConnectionKind,
  name: string,
): Promise<void> {
  const tenant = await ctx.repos.tenants.get(principal.tenantId);
  try {
    await ctx.mailer.send({
      to: ctx.config.supportEmail,
      subject: `Connection request: ${name} for ${bot.botName}`,
      text: [
        `A Parley user asks to connect the ${kind === 'channel' ? 'channel' : 'connector'} ${name}.`,
        '',
        `Bot: ${bot.displayName} (${bot.botName})`,
        `Tenant: ${tenant?.displayName ?? ''} (${principal.tenantId})`,
        `Asked by: ${principal.user.name} <${principal.user.id}>`,
      ].join('\n'),
    });
  } catch (error) {
    // The request is kept on the connection (the outbox holds the mail); delivery is retried by nobody, so log it.
    ctx.log.error({ err: error }, 'a connection request mail could not be delivered');
  }
}
