/**
 * Runs the local OpenAI-protocol stand-in alone, for manual tries and browser tests:
 *   npm run llm-stand-in -- --port 4010 [--host 127.0.0.1] [--api-key KEY]
 * Then start Parley with OPENAI_BASE_URL=<printed url> OPENAI_API_KEY=<KEY or anything>.
 */
import { parseArgs } from 'node:util';
import { startOpenAiProtocolServer } from './openai-protocol-server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    host: { type: 'string', default: '127.0.0.1' },
    'api-key': { type: 'string' },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, not ${values.port}`);
  process.exit(2);
}
const server = await startOpenAiProtocolServer({
  port,
  host: values.host,
  ...(values['api-key'] ? { apiKey: values['api-key'] } : {}),
});
console.log(
  `OpenAI-protocol stand-in listening: OPENAI_BASE_URL=${server.url}${values['api-key'] ? '' : ' (any API key accepted)'}`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
