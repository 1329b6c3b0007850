import pino from 'pino';
import { addressForLinks, ConfigError, loadConfig } from '../config';
import type { AppContext } from '../context';
import { createContext } from '../server';
import { ensurePlatformBasics } from '../services/accounts/bootstrap.service';
import { CliError } from './cli-error';

/** Who the audit log names for changes made at the console. */
export const OPERATOR = 'operator (command line)';

/**
 * Runs a command against the same database and services as the server, from the same
 * environment (DATA_DIR, DATABASE_URL, REDIS_URL, PUBLIC_URL, ...), then closes everything.
 */
export async function withOperatorContext<T>(work: (ctx: AppContext) => Promise<T>): Promise<T> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message, 2);
    throw error;
  }
  // Links point where the server really answers, even when only it was given PORT.
  config = { ...config, publicUrl: addressForLinks(config) };
  // Warnings go to stderr; stdout carries only the command's answer.
  const log = pino({ level: 'warn' }, pino.destination({ dest: 2, sync: true }));
  const ctx = await createContext(config, log);
  try {
    await ensurePlatformBasics(ctx.repos);
    return await work(ctx);
  } finally {
    await ctx.jobs.close();
    await ctx.shared.close();
    await ctx.database.close();
  }
}

export const print = (text = ''): void => {
  process.stdout.write(`${text}\n`);
};
