import { randomInt } from 'node:crypto';
import { addUserBodySchema, isValidNewUserPassword, MESSAGES } from '@parley/contracts';
import { normaliseEmail } from '@parley/db';
import type { Command } from 'commander';
import { hashPassword } from '../../auth/passwords';
import { createResetToken, resetLinkFor } from '../../services/accounts/password.service';
import { CliError, parseArgument } from '../cli-error';
import { OPERATOR, print, withOperatorContext } from '../operator-context';

interface CreateOptions {
  email: string;
  name: string;
  tenant: string;
  admin?: boolean;
  password?: string;
  directory?: boolean;
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789-_!#%+';

/** 16 random characters that pass the new-user password rule (an uppercase letter, a special character). */
function generatePassword(): string {
  for (;;) {
    const password = Array.from(
      { length: 16 },
      () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)],
    ).join('');
    if (isValidNewUserPassword(password)) return password;
  }
}

/** `parley user create|reset-password`. */
export function userCommand(program: Command): void {
  const user = program.command('user').description('create users and hand out password reset links');

  user
    .command('create')
    .description('create a user in a tenant; prints a generated password when none is given')
    .requiredOption('--email <email>', 'e-mail address (the user id)')
    .requiredOption('--name <name>', 'name: letters, digits, _ . and -')
    .requiredOption('--tenant <id>', 'id of the tenant to join (see: tenant list)')
    .option('--admin', 'make the user an account administrator of the tenant')
    .option('--password <password>', '8+ characters with an uppercase letter and a special character')
    .option(
      '--directory',
      'a directory (OpenID Connect) account: signs in through the directory, no password',
    )
    .action(async (options: CreateOptions) => {
      const shape = addUserBodySchema.shape;
      const email = normaliseEmail(parseArgument(shape.email, options.email));
      const name = parseArgument(shape.name, options.name);
      if (options.directory && options.password !== undefined) {
        throw new CliError('A directory account has no password: leave out --password.');
      }
      const given =
        options.password === undefined ? undefined : parseArgument(shape.password, options.password);
      const password = options.directory ? undefined : (given ?? generatePassword());

      await withOperatorContext(async (ctx) => {
        const tenant = await ctx.repos.tenants.get(options.tenant);
        if (!tenant)
          throw new CliError(`No tenant has the id "${options.tenant}" (see: parley tenant list).`);
        if (await ctx.repos.users.get(email)) throw new CliError(MESSAGES.admin.userExists);
        const role = options.admin ? 'admin' : 'user';
        const passwordHash = password ? await hashPassword(password) : null;
        await ctx.repos.transaction(async (repos) => {
          await repos.users.create({
            id: email,
            name,
            identity: options.directory ? 'microsoft' : 'platform',
            passwordHash,
            selectedTenantId: tenant.id,
          });
          await repos.forTenant(tenant.id).members.set(email, role);
          await repos
            .forTenant(tenant.id)
            .audit.record({ actor: OPERATOR, action: 'user.added', target: email, details: role });
        });
        const as = options.admin ? 'account administrator' : 'user';
        print(
          `Created ${options.directory ? 'directory ' : ''}user ${email} in tenant "${tenant.displayName}" (${tenant.id}) as ${as}.`,
        );
        if (password && given === undefined) print(`Password: ${password}`);
        print(`Sign in at ${ctx.config.publicUrl}/login`);
      });
    });

  user
    .command('reset-password <email>')
    .description('print a one-time link to set a new password (no mail is sent)')
    .action(async (rawEmail: string) => {
      const email = normaliseEmail(parseArgument(addUserBodySchema.shape.email, rawEmail));
      await withOperatorContext(async (ctx) => {
        const account = await ctx.repos.users.get(email);
        if (!account) throw new CliError(`No user has the e-mail address ${email}.`);
        if (account.identity !== 'platform') throw new CliError(MESSAGES.changePassword.notPlatform);
        const token = await createResetToken(ctx, account.id);
        const minutes = Math.round(ctx.config.passwordResetTtlMs / 60_000);
        print(`One-time password reset link for ${email} (valid for ${minutes} minutes):`);
        print(`  ${resetLinkFor(ctx, token)}`);
      });
    });
}
