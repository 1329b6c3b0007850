import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { FunctionDefinition } from '@parley/contracts';
import type { FunctionFieldsCodec, StoredFunctionFields } from '@parley/db';
import { replaceSecrets } from './function-secrets';

/** Sealed texts start so; anything else was stored before sealing and is read as it is. */
const SEALED = 'sealed1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Functions' credentials encrypted at rest (AES-256-GCM) with a key derived from the server's
 * secret, so a copy of the database alone reveals no password or token. Only the secrets are
 * sealed (function-secrets.ts says where they are): the rest of a definition stays searchable.
 * Other secrets the server must show again (test chat passwords) use it with their own `purpose`.
 */
export function createSecretSeal(serverSecret: string, purpose = 'function-secrets') {
  // Each purpose has its own key: a sealed text of one kind never opens as another.
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'parley', purpose, 32));
  let onUnreadable: () => void = () => {};

  const seal = (secret: string): string => {
    if (secret.startsWith(SEALED)) return secret;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return SEALED + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  };

  /** A secret sealed under another server secret (or damaged) reads as empty: the user enters it again. */
  const open = (text: string): string => {
    if (!text.startsWith(SEALED)) return text;
    try {
      const bytes = Buffer.from(text.slice(SEALED.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      onUnreadable();
      return '';
    }
  };

  const across =
    (replace: (secret: string) => string) =>
    (type: string, fields: StoredFunctionFields): StoredFunctionFields => {
      const { type: _type, ...replaced } = replaceSecrets({ ...fields, type } as FunctionDefinition, replace);
      return replaced;
    };

  const codec: FunctionFieldsCodec = { seal: across(seal), open: across(open) };
  return {
    codec,
    seal,
    open,
    /** Called when a secret cannot be opened (the server secret changed). */
    whenUnreadable(handler: () => void) {
      onUnreadable = handler;
    },
  };
}
