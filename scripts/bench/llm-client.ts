import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createLlmClient } from '@parley/llm';
import { round } from './load';

const root = path.resolve(import.meta.dirname, '../..');
const STAND_IN = path.join(root, 'packages/llm/src/testing/cli.ts');
export const STAND_IN_KEY = 'sk-bench';
const KEY = STAND_IN_KEY;

/**
 * `npm run bench -- llm-client`: what the provider layer costs Parley per call, with the local
 * OpenAI-protocol stand-in answering at once in its own process (so its CPU is not counted).
 * Reference, measured in the same run: the same request as a bare fetch and JSON parse, the least
 * any client can do. Reports CPU per call (this process) and wall-time percentiles.
 */
export async function benchLlmClient({ seconds }: { seconds: number }) {
  const { url, child } = await startStandIn();
  try {
    const client = createLlmClient({ provider: 'openai', fields: { apiKey: KEY, baseUrl: url } });
    const request = {
      model: 'gpt-4o-mini',
      system: 'Refunds are paid within 14 days of the return. Parcels ship on Mondays.',
      messages: [{ role: 'user' as const, content: 'When are refunds paid?' }],
    };
    const body = JSON.stringify({
      model: request.model,
      messages: [{ role: 'system', content: request.system }, ...request.messages],
    });
    const bare = async () => {
      const response = await fetch(`${url}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body,
      });
      const answer = (await response.json()) as { choices: { message: { content: string } }[] };
      if (!answer.choices[0]?.message.content) throw new Error('no answer');
    };
    const chat = async () => {
      if (!(await client.chat(request)).text) throw new Error('no answer');
    };
    const stream = async () => {
      let text = '';
      for await (const delta of client.stream(request)) text += delta;
      if (!text) throw new Error('no answer');
    };
    const embed = async () => {
      if ((await client.embed(['refund paid within days'], 'text-embedding-3-small')).length !== 1)
        throw new Error('no vector');
    };
    const share = Math.max(1, seconds / 4);
    // Warm-up: JIT, connection pool, the SDK's lazy parts.
    for (const run of [bare, chat, stream, embed]) for (let i = 0; i < 50; i++) await run();
    const reference = await measure(bare, share);
    const figures = {
      chat: await measure(chat, share),
      stream: await measure(stream, share),
      embed: await measure(embed, share),
    };
    return {
      note: 'CPU of this process per call (the stand-in runs in another); wall times with the stand-in answering at once',
      referenceBareFetch: reference,
      ...Object.fromEntries(
        Object.entries(figures).map(([name, figure]) => [
          name,
          { ...figure, cpuRatioToBareFetch: round(figure.cpuMicrosPerCall / reference.cpuMicrosPerCall) },
        ]),
      ),
    };
  } finally {
    child.kill('SIGTERM');
  }
}

export async function measure(run: () => Promise<void>, seconds: number) {
  const walls: number[] = [];
  const cpuBefore = process.cpuUsage();
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    await run();
    walls.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuBefore);
  walls.sort((a, b) => a - b);
  const at = (q: number) => round(walls[Math.min(walls.length - 1, Math.floor(q * walls.length))] ?? 0, 3);
  return {
    calls: walls.length,
    cpuMicrosPerCall: round((cpu.user + cpu.system) / walls.length, 1),
    wallMs: { p50: at(0.5), p95: at(0.95), p99: at(0.99) },
  };
}

export function startStandIn(): Promise<{ url: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', STAND_IN, '--port', '0', '--api-key', KEY], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /OPENAI_BASE_URL=(\S+)/.exec(out);
      if (found?.[1]) resolve({ url: found[1], child });
    });
    child.once('exit', (code) => reject(new Error(`the stand-in ended (${code}): ${out}`)));
  });
}
