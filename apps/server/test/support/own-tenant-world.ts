import { type ContentWorld, contentWorldIn } from './bot-content';
import { buildOwnAdminWorld, type MasterWorld } from './tenant-world';
import type { TestServer } from './test-server';

let made = 0;

/**
 * A content world in a tenant of the test's own: buildOwnAdminWorld's tenant and people (Bea
 * its account administrator, Pat), the bot with Pat as its Designer, and Nora, who has no role
 * on it: buildContentWorld's cast, with a tenant name and e-mails unique to the call. For tests
 * whose state is the account's (global variables, objects and functions, tenant-wide lists),
 * so each runs alone and in any order.
 */
export async function ownTenantContentWorld(
  server: TestServer,
  base: MasterWorld,
  label: string,
  botName = 'Content Bot',
): Promise<ContentWorld> {
  made += 1;
  const key = `${label.toLowerCase().replace(/[^a-z0-9]+/g, '')}${made}`;
  const world = await buildOwnAdminWorld(server, base, key);
  return contentWorldIn(server, world, botName, `nora.${key}@example.com`);
}
