import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { fromJsonColumn, fromTimestamp, isUniqueViolation, nowIso, toJson } from '../dialect';
import type { ChannelKeysTable, Database } from '../schema';

/** A bot's keys for one platform as stored: plain keys, and secrets still sealed. */
export interface ChannelKeysRecord {
  tenantId: string;
  botId: string;
  platform: string;
  webhookId: string;
  keys: Record<string, unknown>;
  sealedSecrets: Record<string, string>;
  updatedAt: string;
}

const toKeysRecord = (row: Selectable<ChannelKeysTable>): ChannelKeysRecord => ({
  tenantId: row.tenant_id,
  botId: row.bot_id,
  platform: row.platform,
  webhookId: row.webhook_id,
  keys: fromJsonColumn<Record<string, unknown>>(row.keys, {}),
  sealedSecrets: fromJsonColumn<Record<string, string>>(row.sealed_secrets, {}),
  updatedAt: fromTimestamp(row.updated_at),
});

/** An unguessable id for a webhook URL: 24 random bytes. */
const newWebhookId = () => randomBytes(24).toString('base64url');

/** One bot's platform keys (reached through `repos.forTenant(t).channelKeys(botId)`). */
export function channelKeysRepository(db: Kysely<Database>, tenantId: string, botId: string) {
  const rows = () =>
    db.selectFrom('channel_keys').where('tenant_id', '=', tenantId).where('bot_id', '=', botId);
  return {
    async get(platform: string): Promise<ChannelKeysRecord | undefined> {
      const row = await rows().selectAll().where('platform', '=', platform).executeTakeFirst();
      return row && toKeysRecord(row);
    },
    async list(): Promise<ChannelKeysRecord[]> {
      return (await rows().selectAll().orderBy('platform').execute()).map(toKeysRecord);
    },
    /** Stores the platform's keys whole (the first save gives them a webhook id, kept after). */
    async save(
      platform: string,
      keys: Record<string, unknown>,
      sealedSecrets: Record<string, string>,
    ): Promise<ChannelKeysRecord> {
      const now = nowIso();
      const updated = await db
        .updateTable('channel_keys')
        .set({ keys: toJson(keys), sealed_secrets: toJson(sealedSecrets), updated_at: now })
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('platform', '=', platform)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        try {
          await db
            .insertInto('channel_keys')
            .values({
              bot_id: botId,
              tenant_id: tenantId,
              platform,
              webhook_id: newWebhookId(),
              keys: toJson(keys),
              sealed_secrets: toJson(sealedSecrets),
              updated_at: now,
            })
            .execute();
        } catch (error) {
          // Another save made the row meanwhile: this one's keys win, as a later save would.
          if (!isUniqueViolation(error)) throw error;
          return this.save(platform, keys, sealedSecrets);
        }
      }
      const saved = await this.get(platform);
      if (!saved) throw new Error('channel keys vanished after their save');
      return saved;
    },
    /** A new webhook id: the old inbound URL stops working (Twilio's 'change webhook'). */
    async renewWebhookId(platform: string): Promise<void> {
      await db
        .updateTable('channel_keys')
        .set({ webhook_id: newWebhookId(), updated_at: nowIso() })
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('platform', '=', platform)
        .execute();
    },
    async remove(platform: string): Promise<void> {
      await db
        .deleteFrom('channel_keys')
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('platform', '=', platform)
        .execute();
    },
  };
}

/** Where the bot reaches one bot's platform users (`repos.forTenant(t).channelAddresses(botId)`). */
export function channelAddressRepository(db: Kysely<Database>, tenantId: string, botId: string) {
  return {
    async get(channel: string, userKey: string): Promise<Record<string, unknown> | undefined> {
      const row = await db
        .selectFrom('channel_addresses')
        .select('address')
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('channel', '=', channel)
        .where('user_key', '=', userKey)
        .executeTakeFirst();
      return row ? fromJsonColumn<Record<string, unknown>>(row.address, {}) : undefined;
    },
    async save(channel: string, userKey: string, address: Record<string, unknown>): Promise<void> {
      const now = nowIso();
      const updated = await db
        .updateTable('channel_addresses')
        .set({ address: toJson(address), updated_at: now })
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('channel', '=', channel)
        .where('user_key', '=', userKey)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) return;
      try {
        await db
          .insertInto('channel_addresses')
          .values({
            bot_id: botId,
            tenant_id: tenantId,
            channel,
            user_key: userKey,
            address: toJson(address),
            updated_at: now,
          })
          .execute();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    },
  };
}

/** How long a platform message's id is remembered: platforms retry for minutes, at most a day. */
export const CHANNEL_RECEIPT_DAYS = 2;

/** Platform keys by their webhook id, and the receipts of inbound messages (global: webhooks carry no tenant). */
export function publicChannelRepository(db: Kysely<Database>) {
  return {
    async keysByWebhookId(webhookId: string): Promise<ChannelKeysRecord | undefined> {
      const row = await db
        .selectFrom('channel_keys')
        .selectAll()
        .where('webhook_id', '=', webhookId)
        .executeTakeFirst();
      return row && toKeysRecord(row);
    },
    /** Every bot's keys for a platform (a mail poller, a platform that names no bot in its URL). */
    async keysOfPlatform(platform: string): Promise<ChannelKeysRecord[]> {
      const rows = await db.selectFrom('channel_keys').selectAll().where('platform', '=', platform).execute();
      return rows.map(toKeysRecord);
    },
    /**
     * Notes an inbound message as taken; false when it was already (the platform's retry), on
     * any process: the primary key decides.
     */
    async isFirstReceipt(botId: string, channel: string, messageId: string): Promise<boolean> {
      try {
        await db
          .insertInto('channel_receipts')
          .values({ bot_id: botId, channel, message_id: messageId, received_at: nowIso() })
          .execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
    /** Forgets receipts older than CHANNEL_RECEIPT_DAYS. */
    async forgetOldReceipts(): Promise<number> {
      const before = new Date(Date.now() - CHANNEL_RECEIPT_DAYS * 86_400_000).toISOString();
      const result = await db
        .deleteFrom('channel_receipts')
        .where('received_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
