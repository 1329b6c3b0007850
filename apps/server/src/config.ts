import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import {
  credentialProblems,
  credentialsFromEnvironment,
  LLM_PROVIDERS,
  type LlmProviderId,
  type ProviderCredentials,
} from '@parley/llm/declaration';
import { z } from 'zod';
import type { S3Settings } from './blobs/s3-blob-store';
import {
  type PlatformEndpoints,
  type PlatformOperatorSettings,
  platformEndpointsFrom,
} from './platform-endpoints';

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(p)), {
      message: `must start with ${protocols.join(' or ')}`,
    });

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .refine((v) => v === undefined || ['', 'true', 'false', '1', '0', 'yes', 'no'].includes(v), {
    message: 'must be true or false',
  })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Host names (`*.corp.example` too), IPv4/IPv6 addresses and CIDRs, separated by commas or spaces. */
const hostList = z
  .string()
  .optional()
  .transform((v) => (v ?? '').split(/[\s,]+/).filter(Boolean))
  .refine((entries) => entries.every((entry) => /^(\*\.)?[A-Za-z0-9.:[\]-]+(\/\d{1,3})?$/.test(entry)), {
    message: 'must be host names, addresses or CIDRs separated by commas',
  });

/** Addresses and CIDRs of reverse proxies whose X-Forwarded-For is believed (proxy-addr's keywords too). */
const PROXY_KEYWORDS = ['loopback', 'linklocal', 'uniquelocal'];
const proxyList = z
  .string()
  .optional()
  .transform((v) => (v ?? '').split(/[\s,]+/).filter(Boolean))
  .refine(
    (entries) =>
      entries.every((entry) => {
        if (PROXY_KEYWORDS.includes(entry)) return true;
        const [address = '', bits, ...rest] = entry.split('/');
        const kind = isIP(address);
        const maxBits = kind === 4 ? 32 : 128;
        return (
          kind !== 0 &&
          rest.length === 0 &&
          (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits))
        );
      }),
    { message: 'must be addresses or CIDRs (or loopback, linklocal, uniquelocal) separated by commas' },
  );

const seconds = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);

/** Every environment variable Parley reads, with its default; validated once at start. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: optionalUrl(['postgres://', 'postgresql://', 'sqlite:']),
  REDIS_URL: optionalUrl(['redis://', 'rediss://']),
  PUBLIC_URL: optionalUrl(['http://', 'https://']),
  SMTP_URL: optionalUrl(['smtp://', 'smtps://']),
  MAIL_FROM: z.string().default('Parley <no-reply@parley.local>'),
  /** Signs session tokens; generated once and kept in DATA_DIR when not given. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(12),
  PASSWORD_RESET_TTL_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .max(7 * 24 * 60)
    .default(60),
  OIDC_ISSUER: optionalUrl(['http://', 'https://']),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_TENANT: z.string().optional(),
  SUPPORT_EMAIL: z.string().default('support@parley.local'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  LOGIN_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  WEB_DIST_DIR: z.string().optional(),
  /** Proxies in front of Parley; only their X-Forwarded-For names the client (login limits per address). */
  TRUSTED_PROXIES: proxyList,
  /** A client must send its whole request head within this time (slow-header attacks). */
  HEADERS_TIMEOUT_SECONDS: seconds(15, 3600),
  /** ... and its whole request, body included (half-sent bodies); uploads of 30 MB need slow links' time. */
  REQUEST_TIMEOUT_SECONDS: seconds(120, 24 * 3600),
  /** An idle kept-alive connection is closed after this time. */
  KEEP_ALIVE_TIMEOUT_SECONDS: seconds(10, 3600),
  /** Open connections (websockets included) one process accepts; more are refused at once. */
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  /** User-defined functions (REST, SQL) may reach loopback and private networks: the SSRF guard opened. */
  FUNCTIONS_ALLOW_PRIVATE_NETWORKS: flag,
  /** Hosts, addresses and CIDRs user-defined functions may always reach. */
  FUNCTIONS_ALLOWED_HOSTS: hostList,
  /** Time limit of a REST or SQL function call; in a conversation also at most the turn's time left. */
  FUNCTIONS_TIMEOUT_SECONDS: seconds(10, 60),
  /** The one folder whose SQLite files SQL functions may open; unset: only in-memory SQLite. */
  FUNCTIONS_SQLITE_DIR: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? path.resolve(v) : undefined))
    .refine((v) => v === undefined || isDirectory(v), { message: 'must be an existing folder' }),
  /**
   * Encrypts exported bots (.enc) with a key only installations sharing it can read; unset, the
   * key every Parley installation shares (docs/bot-bundle-format.md).
   */
  BOT_BUNDLE_SECRET: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 32, { message: 'must be at least 32 characters' }),
  /** Hours between two scheduled NLU automate runs of a bot (besides one after each publish); 0: none. */
  NLU_AUTOMATE_INTERVAL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(24),
  /** Where blobs (NLU models, uploads) live: files under DATA_DIR/blobs, or an S3 bucket. */
  BLOB_STORE: z.enum(['files', 's3']).default('files'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: optionalUrl(['http://', 'https://']),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string;
  sessionTtlMs: number;
  passwordResetTtlMs: number;
  oidc: { issuer: string; clientId: string; clientSecret: string; tenant: string } | undefined;
  supportEmail: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  loginRateLimit: { perAccount: number; perAddress: number; windowSeconds: number };
  webDistDir: string | undefined;
  /** Fastify's trustProxy: false, or the proxies whose X-Forwarded-For is believed. */
  trustedProxies: string[] | false;
  /** Connection limits of the HTTP server (milliseconds and a count). */
  connections: {
    headersTimeoutMs: number;
    requestTimeoutMs: number;
    keepAliveTimeoutMs: number;
    max: number;
  };
  /**
   * User-defined functions: outgoing connections (@parley/functions' `network` option), the
   * folder SQLite connection strings may open (its `sqliteDirectory` option) and the time limit
   * of REST and SQL calls (its `networkTimeoutMs`).
   */
  functions: {
    allowPrivateNetworks: boolean;
    allowedHosts: string[];
    sqliteDirectory: string | undefined;
    networkTimeoutMs: number;
  };
  /** The operator's secret for bot bundles; undefined: the key all installations share. */
  botBundleSecret: string | undefined;
  /** Hours between scheduled NLU automate runs; 0 turns the schedule off. */
  nluAutomateIntervalHours: number;
  blobs: { kind: 'files' } | { kind: 's3'; s3: S3Settings };
  /** Messaging platforms' addresses (platform-endpoints.ts). */
  platforms: PlatformEndpoints;
  platformOperator: PlatformOperatorSettings;
  /**
   * LLM providers the operator gives every tenant, from each SDK's own environment variables
   * (OPENAI_API_KEY with OPENAI_BASE_URL, ANTHROPIC_API_KEY, ...); a tenant's own credentials win.
   */
  llmProviders: Partial<Record<LlmProviderId, ProviderCredentials>>;
}

export class ConfigError extends Error {}

/** Reads the environment; throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const oidcParts = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  if (oidcParts.some(Boolean) && !oidcParts.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together',
    );
  }
  if (e.BLOB_STORE === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: needed with BLOB_STORE=s3');
  }
  const platforms = platformEndpointsFrom(env);
  if (platforms.problems.length > 0)
    throw new ConfigError(`Invalid configuration:\n${platforms.problems.join('\n')}`);
  const llmProviders = credentialsFromEnvironment(env);
  const llmProblems = Object.values(llmProviders).flatMap(({ provider, fields }) =>
    credentialProblems(provider, fields).map((problem) => {
      const variable = LLM_PROVIDERS[provider].fields.find((field) => field.name === problem.field)?.env;
      return `  ${variable ?? problem.field}: ${problem.message}`;
    }),
  );
  if (llmProblems.length > 0) throw new ConfigError(`Invalid configuration:\n${llmProblems.join('\n')}`);
  const dataDir = path.resolve(e.DATA_DIR);
  const port = e.PORT;
  return {
    port,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    passwordResetTtlMs: e.PASSWORD_RESET_TTL_MINUTES * 60_000,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            tenant: e.OIDC_TENANT ?? '',
          }
        : undefined,
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
    loginRateLimit: {
      perAccount: e.LOGIN_RATE_LIMIT_PER_ACCOUNT,
      perAddress: e.LOGIN_RATE_LIMIT_PER_ADDRESS,
      windowSeconds: e.LOGIN_RATE_LIMIT_WINDOW_SECONDS,
    },
    webDistDir: e.WEB_DIST_DIR,
    trustedProxies: e.TRUSTED_PROXIES.length > 0 ? e.TRUSTED_PROXIES : false,
    connections: {
      headersTimeoutMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      max: e.MAX_CONNECTIONS,
    },
    functions: {
      allowPrivateNetworks: e.FUNCTIONS_ALLOW_PRIVATE_NETWORKS,
      allowedHosts: e.FUNCTIONS_ALLOWED_HOSTS,
      sqliteDirectory: e.FUNCTIONS_SQLITE_DIR,
      networkTimeoutMs: e.FUNCTIONS_TIMEOUT_SECONDS * 1000,
    },
    botBundleSecret: e.BOT_BUNDLE_SECRET,
    nluAutomateIntervalHours: e.NLU_AUTOMATE_INTERVAL_HOURS,
    blobs:
      e.BLOB_STORE === 's3'
        ? {
            kind: 's3',
            s3: {
              bucket: e.S3_BUCKET ?? '',
              region: e.S3_REGION,
              endpoint: e.S3_ENDPOINT,
              forcePathStyle: e.S3_FORCE_PATH_STYLE,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            },
          }
        : { kind: 'files' },
    platforms: platforms.endpoints,
    platformOperator: {
      loginWithAmazon:
        env.LOGIN_WITH_AMAZON_CLIENT_ID && env.LOGIN_WITH_AMAZON_CLIENT_SECRET
          ? { clientId: env.LOGIN_WITH_AMAZON_CLIENT_ID, clientSecret: env.LOGIN_WITH_AMAZON_CLIENT_SECRET }
          : undefined,
      alexaTrustedCaPem: env.ALEXA_TRUSTED_CA_PEM || undefined,
    },
    llmProviders,
  };
}

/**
 * The address a running server answers at, kept in DATA_DIR: the operators' command line,
 * started without PUBLIC_URL beside a server started with another PORT, prints links that
 * work (they named the default port before).
 */
const SERVER_ADDRESS_FILE = 'server-address';

export function storeServerAddress(config: Config): void {
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(path.join(config.dataDir, SERVER_ADDRESS_FILE), `${config.publicUrl}\n`);
}

/** PUBLIC_URL when set, else the address the server stored, else the configured default. */
export function addressForLinks(config: Config, env: NodeJS.ProcessEnv = process.env): string {
  if (env.PUBLIC_URL?.trim()) return config.publicUrl;
  const file = path.join(config.dataDir, SERVER_ADDRESS_FILE);
  const stored = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  return /^https?:\/\/\S+$/.test(stored) ? stored.replace(/\/+$/, '') : config.publicUrl;
}

function isDirectory(folder: string): boolean {
  try {
    return statSync(folder).isDirectory();
  } catch {
    return false;
  }
}

/** A signing secret that survives restarts of the embedded install (several processes need JWT_SECRET). */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
