import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { promisify } from 'node:util';
import {
  BOT_BUNDLE_MESSAGES,
  type BundleCredentials,
  type FunctionDefinition,
  validationError,
} from '@parley/contracts';
import { z } from 'zod';
import { hasSecrets, replaceSecrets } from '../services/functions/function-secrets';
import type { BundleContent } from './bundle-content';

/**
 * Functions' credentials in a bot file. The bundle key is the same in every installation (by
 * design: bots move between them), so credentials never travel under it alone: an export leaves
 * them out, unless the user sets a passphrase, which seals each one (AES-256-GCM under a scrypt
 * key). The file says which functions have credentials, so the import can name those that need
 * them again.
 */
const SEALED = 'passphrase1.';
const CHECK_TEXT = 'parley-function-credentials';
const derive = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  length: number,
  options: object,
) => Promise<Buffer>;
/** scrypt at 2^15: about 100 ms and 32 MB once per export or import. */
const SCRYPT_OPTIONS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** What a bundle says of its credentials (absent in files made before credentials were handled). */
export const bundleCredentialsSchema = z
  .object({
    state: z.enum(['left-out', 'sealed']),
    functions: z.array(z.string().max(200)).max(2_000),
    salt: z.string().max(64).optional(),
    check: z.string().max(512).optional(),
  })
  .optional();
export type StoredBundleCredentials = z.infer<typeof bundleCredentialsSchema>;

const keyFrom = (passphrase: string, salt: Buffer) =>
  derive(passphrase.normalize('NFC'), salt, 32, SCRYPT_OPTIONS);

function sealWith(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return SEALED + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The opened text; undefined when the key does not open it. */
function openWith(key: Buffer, text: string): string | undefined {
  if (!text.startsWith(SEALED)) return text;
  try {
    const bytes = Buffer.from(text.slice(SEALED.length), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

const functionsOf = (content: { sections: Record<string, unknown> }) =>
  (content.sections.functions ?? []) as FunctionDefinition[];
const withFunctions = <C extends { sections: Record<string, unknown> }>(
  content: C,
  functions: FunctionDefinition[],
): C => ({
  ...content,
  sections: { ...content.sections, functions },
});

/** The exported content with its credentials left out, or sealed with the passphrase. */
export async function credentialsForExport<C extends { sections: Record<string, unknown> }>(
  content: C,
  passphrase: string | undefined,
): Promise<C & { credentials?: StoredBundleCredentials }> {
  const functions = functionsOf(content);
  const names = functions.filter(hasSecrets).map((fn) => fn.name);
  if (names.length === 0) return content;
  if (passphrase === undefined) {
    return {
      ...withFunctions(
        content,
        functions.map((fn) => replaceSecrets(fn, () => '')),
      ),
      credentials: { state: 'left-out', functions: names },
    };
  }
  const salt = randomBytes(16);
  const key = await keyFrom(passphrase, salt);
  return {
    ...withFunctions(
      content,
      functions.map((fn) => replaceSecrets(fn, (secret) => sealWith(key, secret))),
    ),
    credentials: {
      state: 'sealed',
      functions: names,
      salt: salt.toString('base64url'),
      check: sealWith(key, CHECK_TEXT),
    },
  };
}

/** What the import dialog shows of a file's credentials. */
export function credentialsSummary(content: BundleContent): BundleCredentials {
  const stored = content.credentials;
  return stored ? { state: stored.state, functions: stored.functions } : { state: 'none', functions: [] };
}

/**
 * The content to import: sealed credentials opened with the passphrase (a wrong one is refused),
 * or emptied without one; and the functions that arrive without their credentials.
 */
export async function credentialsForImport(
  content: BundleContent,
  passphrase: string | undefined,
): Promise<{ content: BundleContent; functionsNeedingCredentials: string[] }> {
  const stored = content.credentials;
  if (!stored) return { content, functionsNeedingCredentials: [] };
  const functions = functionsOf(content);
  if (stored.state === 'sealed' && passphrase !== undefined) {
    const key = await keyFrom(passphrase, Buffer.from(stored.salt ?? '', 'base64url'));
    if (openWith(key, stored.check ?? '') !== CHECK_TEXT) {
      throw validationError('passphrase', BOT_BUNDLE_MESSAGES.wrongPassphrase);
    }
    const opened = functions.map((fn) => replaceSecrets(fn, (secret) => openWith(key, secret) ?? ''));
    return { content: withFunctions(content, opened), functionsNeedingCredentials: [] };
  }
  const emptied = functions.map((fn) =>
    replaceSecrets(fn, (secret) => (secret.startsWith(SEALED) ? '' : secret)),
  );
  return { content: withFunctions(content, emptied), functionsNeedingCredentials: stored.functions };
}
