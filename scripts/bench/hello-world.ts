import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { LoadResult } from './load';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A bare Fastify hello-world in its own process, loaded the way the authenticated read is: the
 * yardstick the issue sets (an authenticated read at 40% of it or better, in the same run).
 */
export async function measureHelloWorld(options: {
  port: number;
  /** The same load the compared reads get. */
  read: (url: string) => Promise<LoadResult>;
}): Promise<LoadResult> {
  const fastifyPath = createRequire(path.join(root, 'apps/server/package.json')).resolve('fastify');
  const source = `
    const fastify = require(${JSON.stringify(fastifyPath)})();
    fastify.get('/hello', async () => ({ hello: 'world' }));
    fastify.listen({ port: ${options.port}, host: '127.0.0.1' }).then(() => process.send('ready'));
  `;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  try {
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`hello-world server exited (${code})`)));
    });
    const url = `http://127.0.0.1:${options.port}/hello`;
    return await options.read(url);
  } finally {
    child.kill('SIGTERM');
  }
}
