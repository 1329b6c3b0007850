import type { UserInfo } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { storeServerAddress } from '../src/config';
import { resetTokenIn, signUpUser, waitForResetMails } from './support/accounts';
import { runCli } from './support/cli';
import { testDatabases } from './support/databases';
import { startTestServer, type TestServer } from './support/test-server';

// Each run starts a process (tsx, a database connection): a second or more each.
const SLOW = 90_000;
const codeOf = (link: string) => new URL(link).searchParams.get('invitationCode') ?? '';
const linkIn = (stdout: string) => /(http:\/\/parley\.test\/\S+)/.exec(stdout)?.[1] ?? '';

describe.each(testDatabases())('operators’ command line on %s', (kind) => {
  let server: TestServer;
  const parley = (args: string[], env: Record<string, string> = {}) => runCli(server, args, env);
  const loginAs = async (userId: string, password: string) => {
    const response = await server.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { userId, password },
    });
    return { status: response.statusCode, user: response.json().user as UserInfo | undefined };
  };
  const masterId = async () => (await server.ctx.repos.tenants.getMaster())?.id ?? '';

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  test(
    'invite prints sign-up links: --master-admin --no-confirm makes the first administrator',
    async () => {
      const [master, plain] = await Promise.all([
        parley(['invite', '--master-admin', '--no-confirm']),
        parley(['invite', '--expires-days', '3']),
      ]);
      expect(master.code).toBe(0);
      expect(master.stdout).toContain('administrator of the master tenant');
      const code = codeOf(linkIn(master.stdout));
      expect(await server.ctx.repos.invitations.findUsable(code)).toMatchObject({
        kind: 'master-admin',
        requiresConfirmation: false,
      });
      const signup = await server.request({
        method: 'POST',
        url: '/api/users/signup',
        body: {
          userData: {
            invitationCode: code,
            name: 'Olga Operator',
            organization: 'Master',
            workEmail: 'olga@example.com',
            password: 'olga password',
            confirmPassword: 'olga password',
          },
        },
      });
      expect(signup.statusCode).toBe(200);
      const { status, user } = await loginAs('olga@example.com', 'olga password');
      expect(status).toBe(200);
      expect(user?.isMasterTenantAdmin).toBe(true);

      // A plain invite makes a new organisation, needs confirmation, and expires after the days given.
      expect(plain.code).toBe(0);
      expect(plain.stdout).toContain('a new organisation');
      const invitation = await server.ctx.repos.invitations.findUsable(codeOf(linkIn(plain.stdout)));
      expect(invitation).toMatchObject({ kind: 'new-tenant', requiresConfirmation: true });
      const days = (Date.parse(invitation?.expiresAt ?? '') - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(2.9);
      expect(days).toBeLessThanOrEqual(3);
    },
    SLOW,
  );

  test(
    'tenant create and tenant list, then a user with a generated password signs in',
    async () => {
      const created = await parley(['tenant', 'create', 'Acme Corp']);
      expect(created.code).toBe(0);
      const tenantId = /with id (t[0-9a-f]{12})/.exec(created.stdout)?.[1] ?? '';
      expect(tenantId).not.toBe('');

      const [list, user] = await Promise.all([
        parley(['tenant', 'list']),
        parley([
          'user',
          'create',
          '--email',
          'Bob@Acme.example',
          '--name',
          'bob.builder',
          '--tenant',
          tenantId,
          '--admin',
        ]),
      ]);
      expect(list.code).toBe(0);
      expect(list.stdout).toMatch(new RegExp(`${tenantId}\\s+Acme Corp\\s+default\\s+[01]`));
      expect(list.stdout).toMatch(/Master\s+master\s+\d+\s+master/);

      expect(user.code).toBe(0);
      expect(user.stdout).toContain(`Created user bob@acme.example in tenant "Acme Corp" (${tenantId})`);
      const password = /^Password: (\S+)$/m.exec(user.stdout)?.[1] ?? '';
      expect(password).toHaveLength(16);
      const { status, user: info } = await loginAs('bob@acme.example', password);
      expect(status).toBe(200);
      expect(info).toMatchObject({
        name: 'bob.builder',
        identity: 'platform',
        isTenantAdmin: true,
        selectedTenant: { displayName: 'Acme Corp' },
      });
    },
    SLOW,
  );

  test(
    'user create with a given password prints none; a taken e-mail or an unknown tenant creates nothing',
    async () => {
      const tenant = await masterId();
      const carl = ['--name', 'carl', '--tenant', tenant, '--password', 'Carls-Password1'];
      const created = await parley(['user', 'create', '--email', 'carl@example.com', ...carl]);
      expect(created.code).toBe(0);
      expect(created.stdout).not.toContain('Password:');
      const { status, user } = await loginAs('carl@example.com', 'Carls-Password1');
      expect(status).toBe(200);
      expect(user?.isTenantAdmin).toBe(false);

      const usersBefore = await server.ctx.repos.users.count();
      const [taken, noTenant] = await Promise.all([
        parley(['user', 'create', '--email', 'carl@example.com', ...carl]),
        parley(['user', 'create', '--email', 'dee@example.com', '--name', 'dee', '--tenant', 'tnothere']),
      ]);
      expect(taken.code).toBe(1);
      expect(taken.stderr).toContain('A user with this email already exists.');
      expect(noTenant.code).toBe(1);
      expect(noTenant.stderr).toContain('No tenant has the id "tnothere" (see: parley tenant list).');
      expect(await server.ctx.repos.users.count()).toBe(usersBefore);
    },
    SLOW,
  );

  test(
    'user reset-password prints a one-time link that sets a new password',
    async () => {
      await signUpUser(server, 'erin@example.com', 'erin first password');
      const run = await parley(['user', 'reset-password', 'ERIN@example.com']);
      expect(run.code).toBe(0);
      const token = resetTokenIn(run.stdout);
      const set = await server.request({
        method: 'POST',
        url: `/api/user/password/reset/${token}`,
        body: { newPassword: 'erin new password' },
      });
      expect(set.statusCode).toBe(200);
      expect((await loginAs('erin@example.com', 'erin new password')).status).toBe(200);
      expect((await loginAs('erin@example.com', 'erin first password')).status).toBe(401);
    },
    SLOW,
  );

  test(
    'user reset-password refuses an unknown address and a directory account',
    async () => {
      const created = await parley([
        'user',
        'create',
        '--email',
        'dir@example.com',
        '--name',
        'dir',
        '--tenant',
        await masterId(),
        '--directory',
      ]);
      expect(created.code).toBe(0);
      expect(created.stdout).toContain('Created directory user dir@example.com');
      expect(created.stdout).not.toContain('Password:');
      expect((await server.ctx.repos.users.get('dir@example.com'))?.identity).toBe('microsoft');

      const [unknown, directory] = await Promise.all([
        parley(['user', 'reset-password', 'nobody@example.com']),
        parley(['user', 'reset-password', 'dir@example.com']),
      ]);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('No user has the e-mail address nobody@example.com.');
      expect(directory.code).toBe(1);
      expect(directory.stderr).toContain(
        'Only accounts with a platform login can change their password here.',
      );
    },
    SLOW,
  );

  test(
    'outbox shows the mails, so a reset link can be read without SMTP',
    async () => {
      await signUpUser(server, 'fay@example.com', 'fay first password');
      await server.request({
        method: 'POST',
        url: '/api/user/password/reset-email',
        body: { userId: 'fay@example.com' },
      });
      const [mail] = await waitForResetMails(server, 'fay@example.com', 1);
      const [forFay, everything, none] = await Promise.all([
        parley(['outbox', '--to', 'fay@example.com']),
        parley(['outbox']),
        parley(['outbox', '--to', 'nobody@example.com']),
      ]);
      expect(forFay.code).toBe(0);
      expect(forFay.stdout).toContain('Subject: Welcome to Parley');
      expect(forFay.stdout).toContain('Subject: Reset your Parley password');
      expect(forFay.stdout).toContain('not sent by SMTP');
      expect(resetTokenIn(forFay.stdout)).toBe(resetTokenIn(mail?.text ?? ''));
      expect(forFay.stdout).not.toContain('to erin@example.com');

      expect(everything.stdout).toContain('to erin@example.com');
      expect(everything.stdout).toContain('to fay@example.com');
      expect(none.code).toBe(0);
      expect(none.stdout.trim()).toBe('No mail to nobody@example.com.');
    },
    SLOW,
  );
});

// Argument checks do not depend on the database: they run once, on SQLite.
describe('operators’ command line refuses bad input', () => {
  let server: TestServer;
  const parley = (args: string[], env: Record<string, string> = {}) => runCli(server, args, env);
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(() => server?.close());

  test(
    'invite without PUBLIC_URL prints the address the running server stored, not the default port',
    async () => {
      storeServerAddress({ ...server.ctx.config, publicUrl: 'http://127.0.0.1:4321' });
      const invite = await parley(['invite'], { PUBLIC_URL: '' });
      expect(invite.code).toBe(0);
      expect(/(http:\/\/\S+\/signup\S*)/.exec(invite.stdout)?.[1]).toMatch(
        /^http:\/\/127\.0\.0\.1:4321\/signup\?invitationCode=/,
      );
      // PUBLIC_URL, when set, still wins.
      expect(linkIn((await parley(['invite'])).stdout)).toMatch(/^http:\/\/parley\.test\/signup/);
    },
    SLOW,
  );

  test(
    'invite --expires-days must be a whole number of days from 1 to 365',
    async () => {
      const before = (await server.ctx.repos.invitations.list()).length;
      const runs = await Promise.all(
        ['0', 'abc', '1.5', '400'].map((d) => parley(['invite', '--expires-days', d])),
      );
      for (const run of runs) {
        expect(run.code).toBe(1);
        expect(run.stderr).toContain('Give a whole number of days from 1 to 365.');
        expect(run.stdout).toBe('');
      }
      // None of them made a link.
      expect(await server.ctx.repos.invitations.list()).toHaveLength(before);
    },
    SLOW,
  );

  test(
    'user create checks its arguments with the new-user rules and names a missing option',
    async () => {
      const master = (await server.ctx.repos.tenants.getMaster())?.id ?? '';
      const base = { '--email': 'dee@example.com', '--name': 'dee', '--tenant': master };
      const cases: Array<[string[], string]> = [
        [
          ['--password', 'weak'],
          'Please provide a valid password. Password must be at least 8 characters long and contain at least one uppercase letter and one special character.',
        ],
        [
          ['--name', 'Dee Dee'],
          'Please provide a valid name. Name can only have the following characters: _, ., -, a-z, A-Z, 0-9',
        ],
        [['--email', 'not-mail'], 'Please provide a valid email.'],
        [
          ['--directory', '--password', 'Xx-12345678'],
          'A directory account has no password: leave out --password.',
        ],
      ];
      const runs = await Promise.all([
        ...cases.map(([override]) => {
          const args = ['user', 'create'];
          for (const [flag, value] of Object.entries(base))
            if (!override.includes(flag)) args.push(flag, value);
          return parley([...args, ...override]);
        }),
        parley(['user', 'create', '--name', 'dee', '--tenant', master]),
      ]);
      cases.forEach(([, message], i) => {
        expect(runs[i]?.code).toBe(1);
        expect(runs[i]?.stderr).toContain(`Error: ${message}`);
        expect(runs[i]?.stdout).toBe('');
      });
      expect(runs.at(-1)?.code).toBe(1);
      expect(runs.at(-1)?.stderr).toContain("required option '--email <email>' not specified");
      expect(await server.ctx.repos.users.count()).toBe(0);
    },
    SLOW,
  );

  test(
    'an unknown command, no command and a bad configuration exit non-zero with a message',
    async () => {
      const [unknown, nothing, badConfig, help] = await Promise.all([
        parley(['make-coffee']),
        parley([]),
        parley(['tenant', 'list'], { DATABASE_URL: 'mysql://db/parley' }),
        parley(['--help']),
      ]);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain("unknown command 'make-coffee'");
      expect(nothing.code).toBe(1);
      expect(nothing.stderr).toContain('Usage: parley');
      expect(badConfig.code).toBe(2);
      expect(badConfig.stderr).toContain('DATABASE_URL: must start with postgres://');
      expect(help.code).toBe(0);
      for (const command of ['invite', 'tenant', 'user', 'outbox']) expect(help.stdout).toContain(command);
    },
    SLOW,
  );
});
