import { createInterface } from 'node:readline';
import { textsOfCard } from '@parley/contracts';
import type { Bot, TenantScope } from '@parley/db';
import type { OutboundActivity } from '@parley/runtime';
import type { Command } from 'commander';
import type { AppContext } from '../../context';
import {
  type ConversationOrigin,
  startConversation,
  takeTurn,
} from '../../services/conversations/conversation-turns.service';
import { CliError } from '../cli-error';
import { print, withOperatorContext } from '../operator-context';

interface ChatOptions {
  tenant?: string;
  production?: boolean;
  json?: boolean;
}

/** The bot of that name: in the tenant given, else in the one tenant that has such a bot. */
async function findBot(ctx: AppContext, botName: string, tenantId: string | undefined) {
  const tenants = tenantId ? [await ctx.repos.tenants.get(tenantId)] : await ctx.repos.tenants.list();
  if (tenantId && !tenants[0]) throw new CliError(`There is no tenant with the id ${tenantId}.`);
  const found: Array<{ scope: TenantScope; bot: Bot }> = [];
  for (const tenant of tenants) {
    if (!tenant) continue;
    const scope = ctx.repos.forTenant(tenant.id);
    const bot = await scope.bots.get(botName);
    if (bot) found.push({ scope, bot });
  }
  if (found.length === 0)
    throw new CliError(`There is no bot named "${botName}"${tenantId ? ' in that tenant' : ''}.`);
  if (found.length > 1) {
    const ids = found.map(({ bot }) => bot.tenantId).join(', ');
    throw new CliError(
      `Bots named "${botName}" exist in several tenants (${ids}): choose one with --tenant.`,
    );
  }
  return found[0] as { scope: TenantScope; bot: Bot };
}

/** An activity as a line of the terminal: its text, options numbered, files and events named. */
function lineOf(activity: OutboundActivity): string {
  switch (activity.type) {
    case 'text':
      return activity.text;
    case 'options':
    case 'rating':
      return [activity.text, ...activity.options.map((option, i) => `  [${i + 1}] ${option}`)]
        .filter((line) => line !== '')
        .join('\n');
    case 'image':
      return `(image) ${activity.url}`;
    case 'attachment':
      return `(file) ${activity.name}`;
    case 'event':
      return `(${activity.name})`;
    case 'adaptiveCard':
      return ['(card)', ...textsOfCard(activity.card)].join(' ');
  }
}

/**
 * `parley chat "<bot name>"`: talks to a bot from the terminal, one user message per line of
 * standard input, through the same runtime and database as the server (beside a running one
 * too). The flows activated to test answer unless --production; the turns are logged as any
 * others.
 */
export function chatCommand(program: Command): void {
  program
    .command('chat <bot>')
    .description("talk to a bot: each line of input is a message, the bot's answers are printed")
    .option('--tenant <id>', 'the tenant of the bot, when several have a bot of that name')
    .option('--production', 'run the flows activated to production instead of those activated to test')
    .option('--json', 'print one JSON object per bot activity per line')
    .action(async (botName: string, options: ChatOptions) => {
      await withOperatorContext(async (ctx) => {
        const { scope, bot } = await findBot(ctx, botName, options.tenant);
        const origin: ConversationOrigin = {
          channel: { id: 'terminal', name: 'Terminal' },
          userKey: 'operator',
          isTest: !options.production,
          target: options.production ? 'production' : 'test',
        };
        const conversation = await startConversation(scope, bot, origin);
        const lines = createInterface({ input: process.stdin, terminal: false });
        for await (const line of lines) {
          const answer = await takeTurn(ctx, scope, bot, conversation.id, origin, {
            type: 'text',
            text: line,
          });
          for (const activity of answer.activities) {
            print(options.json ? JSON.stringify(activity) : lineOf(activity));
          }
          if (answer.trace.error) process.stderr.write(`(flow error: ${answer.trace.error})\n`);
        }
      });
    });
}
