import { expectStatus } from './admin-world';
import { type ContentWorld, DESIGNER_ROLE } from './bot-content';
import { createBot } from './bots';

let made = 0;

/**
 * A bot of the test's own in a content world's tenant (a unique name from the label), with
 * Pat holding the Designer role on it as on the world's bot: tests that change a bot's content
 * do it on their own bot, so each runs alone and in any order.
 */
export async function ownContentBot(w: ContentWorld, label: string): Promise<string> {
  made += 1;
  const name = `${label} ${made}`;
  await createBot(w.admin, name);
  expectStatus(
    await w.admin('POST', '/api/user/role', {
      userEmail: w.world.plainUser.email,
      botName: name,
      role: DESIGNER_ROLE,
    }),
    200,
  );
  return name;
}
