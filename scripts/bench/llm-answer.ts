import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../apps/server/src/config';
import { createServer } from '../../apps/server/src/server';
import { createInvitationCode } from '../../apps/server/src/services/accounts/bootstrap.service';
import { measure, STAND_IN_KEY, startStandIn } from './llm-client';
import { round } from './load';

const TOPICS = 200;
const QUESTIONS = [
  'How many days of paid leave does an employee get in topic 17?',
  'Where is the parking for topic 42?',
  'What does the rule of topic 123 say about badges?',
  'Who approves expenses in topic 7?',
];

/** A handbook of TOPICS paragraphs, each its own passage. */
function handbook(): string {
  return Array.from({ length: TOPICS }, (_, i) => {
    const filler = Array.from(
      { length: 12 },
      (_, j) => `Clause ${j + 1} of topic ${i} covers leave, parking, badges and expenses for staff.`,
    ).join(' ');
    return `Topic ${i}. Employees in topic ${i} get ${20 + (i % 10)} days of paid leave. ${filler}`;
  }).join('\n\n');
}

/**
 * `npm run bench -- llm-answer`: Parley's own share of an LLM's answer (issue 23: p95 < 30 ms),
 * measured as the whole POST /api/llm/{id}/test (retrieval over a trained handbook, the prompt within
 * the context window, the provider call, the answer) with the local OpenAI-protocol stand-in
 * answering at once in its own process. The server runs in this process (no build needed); CPU per
 * answer is this process's, the server's included. Reference in the same run: GET /api/llm/{id}.
 */
export async function benchLlmAnswer({ seconds }: { seconds: number }) {
  const { url, child } = await startStandIn();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-llm-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://parley.bench',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    OPENAI_BASE_URL: url,
    OPENAI_API_KEY: STAND_IN_KEY,
  });
  const parts = await createServer(config, pino({ level: 'silent' }));
  await parts.app.ready();
  try {
    const call = async (
      method: 'GET' | 'POST',
      target: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) => {
      const response = await parts.app.inject({
        method,
        url: target,
        headers: { ...headers, ...(token ? { authtoken: token } : {}) },
        ...(body === undefined ? {} : { payload: body as string }),
      });
      if (response.statusCode !== 200)
        throw new Error(`${method} ${target}: ${response.statusCode} ${response.body.slice(0, 300)}`);
      return response.json();
    };
    let token = '';
    const invitationCode = await createInvitationCode(parts.ctx.repos, 'master-admin', {
      requiresConfirmation: false,
    });
    const password = 'Bench-Password-1';
    await call('POST', '/api/users/signup', {
      userData: {
        identity: 'platform',
        invitationCode,
        name: 'Bench Admin',
        organization: 'Bench',
        workEmail: 'bench@example.com',
        password,
        confirmPassword: password,
      },
    });
    token = (await call('POST', '/api/auth/login', { userId: 'bench@example.com', password })).token;
    const llm = await call('POST', '/api/llm/create', {
      llmDisplayName: 'Bench',
      llmProvider: 'openai',
      model: 'gpt-4o-mini',
      persona: 'You are the help desk.',
    });
    const boundary = '----parleybench';
    const upload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="handbook.txt"\r\nContent-Type: text/plain\r\n\r\n`,
      ),
      Buffer.from(handbook()),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    await call('POST', `/api/llm/${llm.llmId}/upload`, upload, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    await call('POST', `/api/llm/${llm.llmId}/train`);
    for (;;) {
      const state = await call('GET', `/api/llm/${llm.llmId}`);
      if (state.training.state !== 'running') {
        if (!state.isComplete) throw new Error(`training failed: ${JSON.stringify(state.training)}`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    let asked = 0;
    const answer = async () => {
      const result = await call('POST', `/api/llm/${llm.llmId}/test`, {
        message: QUESTIONS[asked++ % QUESTIONS.length],
      });
      if (result.mode !== 'provider' || result.sources.length === 0)
        throw new Error(`not a provider answer: ${JSON.stringify(result).slice(0, 300)}`);
    };
    const read = async () => {
      await call('GET', `/api/llm/${llm.llmId}`);
    };
    for (let i = 0; i < 50; i++) {
      await answer();
      await read();
    }
    const share = Math.max(1, seconds / 2);
    const reference = await measure(read, share);
    const answers = await measure(answer, share);
    return {
      note: 'POST /api/llm/{id}/test over a trained handbook with the stand-in answering at once in its own process; CPU is this process (server included)',
      passages: (await call('GET', `/api/llm/${llm.llmId}`)).documents[0].passages,
      referenceReadLlm: reference,
      answer: { ...answers, cpuRatioToRead: round(answers.cpuMicrosPerCall / reference.cpuMicrosPerCall) },
      targetP95Ms: 30,
    };
  } finally {
    await parts.close();
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
