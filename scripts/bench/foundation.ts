import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { measureHelloWorld } from './hello-world';
import { httpGet, median, round, runLoad } from './load';
import { startServerProcess } from './server-process';
import { hasWrk, runWrk } from './wrk';

const root = path.resolve(import.meta.dirname, '../..');
const PORT = 3917;
const EMAIL = 'bench@example.com';
const PASSWORD = 'Bench-Password-1';

/** Cold start (fresh data folder: migrations and first run included) and warm restart to healthy. */
async function measureStarts(runs = 5) {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) {
    const first = await startServerProcess({ port: PORT });
    cold.push(first.msToHealthy);
    const dataDir = first.dataDir;
    await first.process.kill('SIGTERM');
    await new Promise((resolve) => first.process.once('exit', resolve));
    const second = await startServerProcess({ port: PORT, dataDir });
    warm.push(second.msToHealthy);
    await second.stop();
    await first.stop();
  }
  return { coldStartToHealthyMs: round(median(cold)), warmStartToHealthyMs: round(median(warm)), runs };
}

async function measureRequests(seconds: number) {
  const server = await startServerProcess({ port: PORT, env: { LOGIN_RATE_LIMIT_PER_ADDRESS: '1000000' } });
  try {
    const link = /signup\?invitationCode=([\w-]+)/.exec(server.output())?.[1];
    if (!link) throw new Error('no first-run sign-up link printed');
    const signup = await fetch(`${server.url}/api/users/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        userData: {
          identity: 'platform',
          invitationCode: link,
          name: 'Bench',
          organization: 'Bench',
          workEmail: EMAIL,
          password: PASSWORD,
          confirmPassword: PASSWORD,
        },
      }),
    });
    if (!signup.ok) throw new Error(`sign-up failed: ${await signup.text()}`);
    const loginBody = JSON.stringify({ userId: EMAIL, password: PASSWORD });
    const login = () =>
      fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: loginBody,
      });
    const { token } = (await (await login()).json()) as { token: string };
    const loginLoad = await runLoad({ concurrency: 8, seconds, send: login });
    // Reads measured against a bare Fastify hello-world in the same minute (issue 9's yardstick):
    // with wrk when it is installed (the node client would limit the hello-world, not the server).
    const client = hasWrk() ? 'wrk' : 'node:http';
    const read = (url: string, headers: Record<string, string> = {}) =>
      client === 'wrk'
        ? runWrk({ url, seconds, connections: 32, headers })
        : runLoad({ concurrency: 16, seconds, send: () => httpGet(url, headers) });
    const auth = { authtoken: token };
    const userInfoLoad = await read(`${server.url}/api/users/info`, auth);
    // The cheapest authenticated read: what authentication itself costs a request.
    const isTenantAdminLoad = await read(`${server.url}/api/users/is-tenant-admin`, auth);
    const helloWorld = await measureHelloWorld({ port: PORT + 1, read: (url) => read(url) });
    return {
      login: loginLoad,
      loadClient: client,
      authenticatedUserInfo: userInfoLoad,
      authenticatedIsTenantAdmin: isTenantAdminLoad,
      helloWorld,
      authenticatedReadToHelloWorldRatio: round(
        isTenantAdminLoad.requestsPerSecond / helloWorld.requestsPerSecond,
      ),
      userInfoToHelloWorldRatio: round(userInfoLoad.requestsPerSecond / helloWorld.requestsPerSecond),
    };
  } finally {
    await server.stop();
  }
}

/** The JavaScript a first visit downloads before anything lazy: the entry and its preloads. */
function measureWebBundle() {
  const dist = path.join(root, 'apps/web/dist');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  const files = [...new Set(scripts)].map((file) => {
    const content = readFileSync(path.join(dist, file));
    return {
      file,
      bytes: statSync(path.join(dist, file)).size,
      gzipBytes: gzipSync(content, { level: 9 }).length,
    };
  });
  return {
    initialJsFiles: files,
    initialJsBytes: files.reduce((sum, f) => sum + f.bytes, 0),
    initialJsGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
  };
}

export async function benchFoundation(options: { seconds: number }) {
  const web = measureWebBundle();
  const starts = await measureStarts();
  const requests = await measureRequests(options.seconds);
  return { ...starts, ...requests, web };
}
