import { createTenantBodySchema } from '@parley/contracts';
import type { Command } from 'commander';
import { createTenant } from '../../services/accounts/bootstrap.service';
import { publishTenantChange } from '../../services/tenancy/tenant-events.service';
import { parseArgument } from '../cli-error';
import { OPERATOR, print, withOperatorContext } from '../operator-context';

/** `parley tenant create|list`. */
export function tenantCommand(program: Command): void {
  const tenant = program.command('tenant').description('create and list tenants (organisations)');

  tenant
    .command('create <name>')
    .description('create a tenant with the built-in roles; prints its id')
    .action(async (rawName: string) => {
      const { name } = parseArgument(createTenantBodySchema, { name: rawName });
      await withOperatorContext(async (ctx) => {
        const created = await ctx.repos.transaction(async (repos) => {
          const t = await createTenant(repos, { name });
          await repos
            .forTenant(t.id)
            .audit.record({ actor: OPERATOR, action: 'tenant.created', target: t.id });
          return t;
        });
        await publishTenantChange(ctx, created.id, 'created');
        print(`Created tenant "${created.displayName}" with id ${created.id}.`);
      });
    });

  tenant
    .command('list')
    .description('list every tenant with its plan and number of users')
    .action(async () => {
      await withOperatorContext(async (ctx) => {
        const tenants = await ctx.repos.tenants.list();
        const rows = await Promise.all(
          tenants.map(async (t) => [
            t.id,
            t.displayName,
            t.planId,
            String(await ctx.repos.forTenant(t.id).members.count()),
            [t.isMaster && 'master', !t.isConfirmed && 'unconfirmed', t.isDisabled && 'disabled']
              .filter(Boolean)
              .join(', '),
          ]),
        );
        printTable(['ID', 'NAME', 'PLAN', 'USERS', 'STATUS'], rows);
      });
    });
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  for (const row of [header, ...rows]) {
    print(
      row
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    );
  }
}
