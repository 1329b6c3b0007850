import { BUILT_IN_ROLES, FIRST_CUSTOM_ROLE_ID } from '@parley/contracts';
import type { Kysely } from 'kysely';
import { nowIso } from '../dialect';
import type { Database } from '../schema';
import { blockFileRepository } from './block-file.repository';
import { botRepository } from './bot.repository';
import { botConnectionRepository } from './bot-connection.repository';
import { announcingWrites, type BotChangeListener } from './change-notice';
import { channelAddressRepository, channelKeysRepository } from './channel.repository';
import { consentRepository } from './consent.repository';
import { conversationRepository } from './conversation.repository';
import { entityRepository } from './entity.repository';
import { externalApiRepository } from './external-api.repository';
import { flowRepository } from './flow.repository';
import { flowEditorLockRepository } from './flow-editor-lock.repository';
import {
  type FunctionFieldsCodec,
  functionRepository,
  tenantFunctionRepository,
} from './function.repository';
import { handoverRepository } from './handover.repository';
import { intentRepository } from './intent.repository';
import { llmDocumentRepository, llmRepository } from './llm.repository';
import { llmEvaluationRepository } from './llm-evaluation.repository';
import { llmMetricsRepository } from './llm-metrics.repository';
import { llmProviderRepository } from './llm-provider.repository';
import { nluDatasetRepository } from './nlu-dataset.repository';
import { nluModelRepository } from './nlu-model.repository';
import { nluSyncRepository } from './nlu-sync.repository';
import { nluTestRunRepository } from './nlu-test-run.repository';
import { passageRepository } from './passage.repository';
import { snippetRepository } from './snippet.repository';
import { testChatLinkRepository } from './test-chat-link.repository';
import { normaliseEmail, type TenantRole } from './user.repository';
import { variableRepository } from './variable.repository';

export interface Role {
  roleId: number;
  roleName: string;
  permissions: number[];
}

export interface AuditEntry {
  id: string;
  actor: string;
  action: string;
  target: string;
  details: string;
  createdAt: string;
}

/**
 * Everything that belongs to one tenant, bound to that tenant's id: a route gets these from
 * the request's tenant and can never forget the filter.
 */
export interface RepositoryOptions {
  /** Seals and opens the credentials in functions' fields (the server encrypts them at rest). */
  functionFields?: FunctionFieldsCodec;
  /** Hears every write to what a turn keeps of a bot in memory (its row, intents, flows' activations, model, channels, API keys). */
  onBotChange?: BotChangeListener;
}

export function tenantScope(db: Kysely<Database>, tenantId: string, options: RepositoryOptions = {}) {
  const { onBotChange } = options;
  const announce = (botId?: string) =>
    onBotChange && (() => onBotChange(botId === undefined ? { tenantId } : { tenantId, botId }));
  const members = {
    async list(): Promise<Array<{ userId: string; name: string; identity: string; role: TenantRole }>> {
      const rows = await db
        .selectFrom('user_tenants')
        .innerJoin('users', 'users.id', 'user_tenants.user_id')
        .select([
          'users.id as userId',
          'users.name as name',
          'users.identity as identity',
          'user_tenants.role as role',
        ])
        .where('user_tenants.tenant_id', '=', tenantId)
        .orderBy('users.id')
        .execute();
      return rows;
    },
    async roleOf(userId: string): Promise<TenantRole | undefined> {
      const row = await db
        .selectFrom('user_tenants')
        .select('role')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', normaliseEmail(userId))
        .executeTakeFirst();
      return row?.role;
    },
    async set(userId: string, role: TenantRole): Promise<void> {
      const user_id = normaliseEmail(userId);
      const updated = await db
        .updateTable('user_tenants')
        .set({ role })
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', user_id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        await db.insertInto('user_tenants').values({ tenant_id: tenantId, user_id, role }).execute();
      }
    },
    async remove(userId: string): Promise<void> {
      const user_id = normaliseEmail(userId);
      await db
        .deleteFrom('bot_roles')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', user_id)
        .execute();
      await db
        .deleteFrom('user_tenants')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', user_id)
        .execute();
    },
    async count(): Promise<number> {
      const row = await db
        .selectFrom('user_tenants')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async adminCount(): Promise<number> {
      const row = await db
        .selectFrom('user_tenants')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('role', '=', 'admin')
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };

  const roles = {
    async list(): Promise<Role[]> {
      const [roleRows, permissionRows] = await Promise.all([
        db
          .selectFrom('roles')
          .select(['role_id', 'role_name'])
          .where('tenant_id', '=', tenantId)
          .orderBy('role_id')
          .execute(),
        db
          .selectFrom('role_permissions')
          .select(['role_id', 'permission_id'])
          .where('tenant_id', '=', tenantId)
          .orderBy('permission_id')
          .execute(),
      ]);
      return roleRows.map((r) => ({
        roleId: Number(r.role_id),
        roleName: r.role_name,
        permissions: permissionRows
          .filter((p) => Number(p.role_id) === Number(r.role_id))
          .map((p) => Number(p.permission_id)),
      }));
    },
    async get(roleId: number): Promise<Role | undefined> {
      return (await roles.list()).find((r) => r.roleId === roleId);
    },
    /** Creates the built-in roles with their default permission sets (new tenants). */
    async seedBuiltIns(): Promise<void> {
      for (const role of BUILT_IN_ROLES) {
        await db
          .insertInto('roles')
          .values({ tenant_id: tenantId, role_id: role.roleId, role_name: role.roleName })
          .execute();
        if (role.permissions.length > 0) {
          await db
            .insertInto('role_permissions')
            .values(
              role.permissions.map((p) => ({ tenant_id: tenantId, role_id: role.roleId, permission_id: p })),
            )
            .execute();
        }
      }
    },
    async create(roleName: string): Promise<Role> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('roles')
          .select((eb) => eb.fn.max<number>('role_id').as('max'))
          .where('tenant_id', '=', tenantId)
          .executeTakeFirst();
        const roleId = Math.max(FIRST_CUSTOM_ROLE_ID, Number(row?.max ?? 0) + 1);
        await trx
          .insertInto('roles')
          .values({ tenant_id: tenantId, role_id: roleId, role_name: roleName })
          .execute();
        return { roleId, roleName, permissions: [] };
      });
    },
    async rename(roleId: number, roleName: string): Promise<void> {
      await db
        .updateTable('roles')
        .set({ role_name: roleName })
        .where('tenant_id', '=', tenantId)
        .where('role_id', '=', roleId)
        .execute();
    },
    async delete(roleId: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('role_permissions')
          .where('tenant_id', '=', tenantId)
          .where('role_id', '=', roleId)
          .execute();
        await trx
          .deleteFrom('bot_roles')
          .where('tenant_id', '=', tenantId)
          .where('role_id', '=', roleId)
          .execute();
        const result = await trx
          .deleteFrom('roles')
          .where('tenant_id', '=', tenantId)
          .where('role_id', '=', roleId)
          .executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    },
    async addPermission(roleId: number, permissionId: number): Promise<void> {
      const exists = await db
        .selectFrom('role_permissions')
        .select('permission_id')
        .where('tenant_id', '=', tenantId)
        .where('role_id', '=', roleId)
        .where('permission_id', '=', permissionId)
        .executeTakeFirst();
      if (!exists) {
        await db
          .insertInto('role_permissions')
          .values({ tenant_id: tenantId, role_id: roleId, permission_id: permissionId })
          .execute();
      }
    },
    async removePermission(roleId: number, permissionId: number): Promise<void> {
      await db
        .deleteFrom('role_permissions')
        .where('tenant_id', '=', tenantId)
        .where('role_id', '=', roleId)
        .where('permission_id', '=', permissionId)
        .execute();
    },
    /** Replaces the permission sets (and names) of the given roles in one transaction. */
    async replaceAll(updates: Role[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const role of updates) {
          await trx
            .updateTable('roles')
            .set({ role_name: role.roleName })
            .where('tenant_id', '=', tenantId)
            .where('role_id', '=', role.roleId)
            .execute();
          await trx
            .deleteFrom('role_permissions')
            .where('tenant_id', '=', tenantId)
            .where('role_id', '=', role.roleId)
            .execute();
          const unique = [...new Set(role.permissions)];
          if (unique.length > 0) {
            await trx
              .insertInto('role_permissions')
              .values(unique.map((p) => ({ tenant_id: tenantId, role_id: role.roleId, permission_id: p })))
              .execute();
          }
        }
      });
    },
  };

  const botRoles = {
    async forUser(userId: string): Promise<Array<{ botId: string; roleId: number }>> {
      const rows = await db
        .selectFrom('bot_roles')
        .select(['bot_id', 'role_id'])
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', normaliseEmail(userId))
        .orderBy('bot_id')
        .execute();
      return rows.map((r) => ({ botId: r.bot_id, roleId: Number(r.role_id) }));
    },
    async forBot(botId: string): Promise<Array<{ userId: string; roleId: number }>> {
      const rows = await db
        .selectFrom('bot_roles')
        .select(['user_id', 'role_id'])
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .orderBy('user_id')
        .execute();
      return rows.map((r) => ({ userId: r.user_id, roleId: Number(r.role_id) }));
    },
    async all(): Promise<Array<{ userId: string; botId: string; roleId: number }>> {
      const rows = await db
        .selectFrom('bot_roles')
        .select(['user_id', 'bot_id', 'role_id'])
        .where('tenant_id', '=', tenantId)
        .execute();
      return rows.map((r) => ({ userId: r.user_id, botId: r.bot_id, roleId: Number(r.role_id) }));
    },
    async set(userId: string, botId: string, roleId: number): Promise<void> {
      const user_id = normaliseEmail(userId);
      const replace = async (trx: Kysely<Database>) => {
        await trx
          .deleteFrom('bot_roles')
          .where('tenant_id', '=', tenantId)
          .where('user_id', '=', user_id)
          .where('bot_id', '=', botId)
          .execute();
        await trx
          .insertInto('bot_roles')
          .values({ tenant_id: tenantId, user_id, bot_id: botId, role_id: roleId })
          .execute();
      };
      // Within a caller's transaction (a bot being created) it joins that one: Kysely does not nest.
      await (db.isTransaction ? replace(db) : db.transaction().execute(replace));
    },
    async remove(userId: string, botId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('bot_roles')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', normaliseEmail(userId))
        .where('bot_id', '=', botId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    /** Removes every user's role on one bot (the bot is being deleted). */
    async removeForBot(botId: string): Promise<void> {
      await db
        .deleteFrom('bot_roles')
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .execute();
    },
    /** Permission ids a user holds on some bot of the tenant (tenant-wide areas such as LLMs). */
    async permissionsOnAnyBot(userId: string): Promise<number[]> {
      const rows = await db
        .selectFrom('bot_roles')
        .innerJoin('role_permissions', (join) =>
          join
            .onRef('role_permissions.tenant_id', '=', 'bot_roles.tenant_id')
            .onRef('role_permissions.role_id', '=', 'bot_roles.role_id'),
        )
        .select('role_permissions.permission_id as permissionId')
        .distinct()
        .where('bot_roles.tenant_id', '=', tenantId)
        .where('bot_roles.user_id', '=', normaliseEmail(userId))
        .execute();
      return rows.map((r) => Number(r.permissionId));
    },
    /** Permission ids a user holds on one bot through its role there. */
    async permissionsOn(userId: string, botId: string): Promise<number[]> {
      const rows = await db
        .selectFrom('bot_roles')
        .innerJoin('role_permissions', (join) =>
          join
            .onRef('role_permissions.tenant_id', '=', 'bot_roles.tenant_id')
            .onRef('role_permissions.role_id', '=', 'bot_roles.role_id'),
        )
        .select('role_permissions.permission_id as permissionId')
        .where('bot_roles.tenant_id', '=', tenantId)
        .where('bot_roles.user_id', '=', normaliseEmail(userId))
        .where('bot_roles.bot_id', '=', botId)
        .execute();
      return rows.map((r) => Number(r.permissionId));
    },
  };

  const audit = {
    async record(entry: { actor: string; action: string; target: string; details?: string }): Promise<void> {
      await db
        .insertInto('audit_log')
        .values({
          id: crypto.randomUUID(),
          tenant_id: tenantId,
          actor: entry.actor,
          action: entry.action,
          target: entry.target,
          details: entry.details ?? '',
          created_at: nowIso(),
        })
        .execute();
    },
    async list(): Promise<AuditEntry[]> {
      const rows = await db
        .selectFrom('audit_log')
        .select(['id', 'actor', 'action', 'target', 'details', 'created_at'])
        .where('tenant_id', '=', tenantId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        actor: r.actor,
        action: r.action,
        target: r.target,
        details: r.details,
        createdAt: r.created_at,
      }));
    },
  };

  return {
    tenantId,
    members,
    roles,
    botRoles,
    audit,
    bots: announcingWrites(
      botRepository(db, tenantId),
      ['list', 'get', 'getById', 'lock', 'count'],
      announce(),
    ),
    /** The content of one bot of this tenant. */
    intents: (botId: string) =>
      announcingWrites(
        intentRepository(db, tenantId, botId),
        [
          'list',
          'summaries',
          'get',
          'names',
          'idOf',
          'patterns',
          'addExamples',
          'updateExample',
          'deleteExample',
        ],
        announce(botId),
      ),
    // Conversations read entities (a condition's 'Is an entity'): a change is announced like an intent's.
    entities: (botId: string) =>
      announcingWrites(entityRepository(db, tenantId, botId), ['list', 'get'], announce(botId)),
    /** One bot's variables and objects, with the tenant's global ones. */
    variables: (botId: string) => variableRepository(db, tenantId, botId),
    /** One bot's functions and sub flows, with the tenant's global ones. */
    functions: (botId: string) => functionRepository(db, tenantId, botId, options.functionFields),
    conversations: (botId: string) => conversationRepository(db, tenantId, botId),
    /** The bot of one of this tenant's conversations, by the conversation's id; undefined when it has none. */
    async botOfConversation(conversationId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('conversations')
        .select('bot_id')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', conversationId)
        .executeTakeFirst();
      return row?.bot_id;
    },
    /** The tenant's functions across its bots. */
    tenantFunctions: tenantFunctionRepository(db, tenantId, options.functionFields),
    /** One bot's NLU test dataset. */
    nluDatasets: (botId: string) => nluDatasetRepository(db, tenantId, botId),
    /** One bot's NLU test and NLU automate runs with their results. */
    nluTestRuns: (botId: string) => nluTestRunRepository(db, tenantId, botId),
    /** One bot's NLU models (draft, published) and provider states. */
    nluModels: (botId: string) =>
      announcingWrites(
        nluModelRepository(db, tenantId, botId),
        ['get', 'version', 'blobKeys', 'state', 'configuredProviders', 'setState', 'removeState'],
        announce(botId),
      ),
    /** One bot's NLU syncs (publishing). */
    nluSyncs: (botId: string) => nluSyncRepository(db, tenantId, botId),
    /** The tenant's dialog flows: versions and activations of intents' flows and sub flows. */
    flows: announcingWrites(
      flowRepository(db, tenantId),
      [
        'versions',
        'version',
        'latest',
        'activations',
        'history',
        'callsOf',
        'ownersOf',
        'hasIntentActivation',
        'hasFlow',
        'save',
      ],
      announce(),
    ),
    /** Bots' shared test chat links and their passwords. */
    testChatLinks: testChatLinkRepository(db, tenantId),
    /** Who has each bot's flow editor open. */
    editorLocks: flowEditorLockRepository(db, tenantId),
    /** One bot's block files (Send Attachment, Send Image): their names and types; the bytes are blobs. */
    blockFiles: (botId: string) => blockFileRepository(db, tenantId, botId),
    /** The tenant's LLMs. */
    llms: llmRepository(db, tenantId),
    llmDocuments: llmDocumentRepository(db, tenantId),
    passages: passageRepository(db, tenantId),
    llmProviders: llmProviderRepository(db, tenantId),
    llmEvaluations: llmEvaluationRepository(db, tenantId),
    llmMetrics: llmMetricsRepository(db, tenantId),
    /** One bot's GDPR consent decisions (the consent CSV). */
    consents: (botId: string) => consentRepository(db, tenantId, botId),
    /** One bot's External API channel: its keys, its conversation timeout, its Direct Line conversations. */
    externalApi: (botId: string) =>
      announcingWrites(
        externalApiRepository(db, tenantId, botId),
        [
          'listKeys',
          'conversationLifetime',
          'conversation',
          'turnsAfter',
          'rowsUpTo',
          'addConversation',
          'addPost',
          'addKey',
        ],
        announce(botId),
      ),
    /** One bot's channels and connectors (Configuration tab). */
    botConnections: (botId: string) =>
      announcingWrites(
        botConnectionRepository(db, tenantId, botId),
        ['list', 'get', 'isEnabled', 'markRequested'],
        announce(botId),
      ),
    /** One bot's credentials for messaging platforms (issue 14). */
    channelKeys: (botId: string) => channelKeysRepository(db, tenantId, botId),
    /** Where the bot reaches its platform users. */
    channelAddresses: (botId: string) => channelAddressRepository(db, tenantId, botId),
    /** One bot's chat bubble snippets. */
    snippets: (botId: string) => snippetRepository(db, tenantId, botId),
    /** Conversations handed to a person (the agent inbox), across the tenant's bots. */
    handovers: handoverRepository(db, tenantId),
  };
}

export type TenantScope = ReturnType<typeof tenantScope>;
