import { ConfigError, loadConfig, storeServerAddress } from './config';
import { createServer } from './server';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const server = await createServer(config);
  await server.app.listen({ port: config.port, host: config.host });
  storeServerAddress(config);
  const howToSignIn = server.firstRunSignupLink
    ? `Create the first administrator account here (the link works once):\n    ${server.firstRunSignupLink}`
    : `Sign in at ${config.publicUrl}/login`;
  process.stdout.write(
    `\n  Parley is running at ${config.publicUrl} (database: ${server.ctx.database.dialect})\n  ${howToSignIn}\n\n`,
  );

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    server.ctx.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  process.stderr.write(`Parley failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
