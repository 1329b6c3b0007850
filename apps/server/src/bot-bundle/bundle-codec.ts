import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { JsonShapeError, type JsonShapeLimits, parseJsonWithin } from '../untrusted-input/json-shape';

/**
 * The .enc file of a whole bot (docs/bot-bundle-format.md): a fixed header, then the bot's JSON,
 * gzip-compressed and sealed with AES-256-GCM. The header is authenticated with the content, so
 * no byte of the file can change unnoticed. The key is derived with HKDF from a secret: the one
 * every Parley installation shares (bots move between installations), or the operator's
 * BOT_BUNDLE_SECRET.
 *
 *   offset  size  field
 *   0       10    magic "PARLEYBOT\n"
 *   10      2     format version (uint16, big-endian)
 *   12      1     key source: 0 the shared key, 1 an operator's secret
 *   13      8     key id: HKDF(secret, info "parley bot bundle key id v1"), tells keys apart
 *   21      16    salt of this file's key
 *   37      12    GCM nonce
 *   49      4     length of the encrypted content (uint32, big-endian)
 *   53      n     encrypted gzip(JSON)
 *   53+n    16    GCM tag
 */

export const BUNDLE_MAGIC = Buffer.from('PARLEYBOT\n', 'ascii');
export const BUNDLE_FORMAT_VERSION = 1;

/**
 * The secret of installations without BOT_BUNDLE_SECRET. It is public (it is in this source), so
 * the files it seals are protected against accidental damage and casual reading, not against
 * anyone who wants to read or forge them: see the threat model in docs/bot-bundle-format.md.
 */
export const SHARED_BUNDLE_SECRET =
  'parley bot bundle shared key: not a secret, see docs/bot-bundle-format.md';

const VERSION_OFFSET = BUNDLE_MAGIC.length;
const SOURCE_OFFSET = VERSION_OFFSET + 2;
const KEY_ID_OFFSET = SOURCE_OFFSET + 1;
const SALT_OFFSET = KEY_ID_OFFSET + 8;
const NONCE_OFFSET = SALT_OFFSET + 16;
const LENGTH_OFFSET = NONCE_OFFSET + 12;
export const BUNDLE_HEADER_LENGTH = LENGTH_OFFSET + 4;
const TAG_LENGTH = 16;

const KEY_ID_INFO = 'parley bot bundle key id v1';
const CONTENT_KEY_INFO = 'parley bot bundle aes-256-gcm v1';

/** Why a file cannot be read; each has its own message for the person importing it. */
export type BundleProblem =
  | 'not-a-bundle'
  | 'truncated'
  | 'damaged'
  | 'other-key'
  | 'newer-version'
  | 'too-large'
  | 'too-complex'
  | 'not-json';

export class BundleFormatError extends Error {
  constructor(
    readonly problem: BundleProblem,
    /** The file's format version, for 'newer-version'. */
    readonly version?: number,
  ) {
    super(problem);
  }
}

export interface BundleKey {
  secret: string;
  source: 'shared' | 'operator';
  id: Buffer;
}

const derive = (secret: string, salt: Buffer, info: string, length: number) =>
  Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), salt, info, length));

/** The key of this installation: the operator's secret when given, else the shared one. */
export function bundleKey(operatorSecret: string | undefined): BundleKey {
  const secret = operatorSecret ?? SHARED_BUNDLE_SECRET;
  return {
    secret,
    source: operatorSecret ? 'operator' : 'shared',
    id: derive(secret, Buffer.alloc(0), KEY_ID_INFO, 8),
  };
}

/** Seals a bot's JSON into the bytes of an .enc file. */
export function encodeBundle(content: unknown, key: BundleKey): Buffer {
  return sealBundleJson(Buffer.from(JSON.stringify(content), 'utf8'), key);
}

/** Seals JSON text as it is (tests seal texts no value stringifies to). */
export function sealBundleJson(json: Buffer, key: BundleKey): Buffer {
  const salt = randomBytes(16);
  const nonce = randomBytes(12);
  const plain = gzipSync(json);
  const header = Buffer.alloc(BUNDLE_HEADER_LENGTH);
  BUNDLE_MAGIC.copy(header, 0);
  header.writeUInt16BE(BUNDLE_FORMAT_VERSION, VERSION_OFFSET);
  header.writeUInt8(key.source === 'operator' ? 1 : 0, SOURCE_OFFSET);
  key.id.copy(header, KEY_ID_OFFSET);
  salt.copy(header, SALT_OFFSET);
  nonce.copy(header, NONCE_OFFSET);
  header.writeUInt32BE(plain.length, LENGTH_OFFSET);
  const cipher = createCipheriv('aes-256-gcm', derive(key.secret, salt, CONTENT_KEY_INFO, 32), nonce);
  cipher.setAAD(header);
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([header, sealed, cipher.getAuthTag()]);
}

function readHeader(file: Buffer, key: BundleKey): { header: Buffer; sealed: Buffer; tag: Buffer } {
  const magicPart = file.subarray(0, BUNDLE_MAGIC.length);
  if (!BUNDLE_MAGIC.subarray(0, magicPart.length).equals(magicPart) || file.length === 0)
    throw new BundleFormatError('not-a-bundle');
  if (file.length < SOURCE_OFFSET) throw new BundleFormatError('truncated');
  const version = file.readUInt16BE(VERSION_OFFSET);
  if (version > BUNDLE_FORMAT_VERSION) throw new BundleFormatError('newer-version', version);
  if (version === 0) throw new BundleFormatError('damaged');
  if (file.length < BUNDLE_HEADER_LENGTH + TAG_LENGTH) throw new BundleFormatError('truncated');
  const declared = file.readUInt32BE(LENGTH_OFFSET);
  const present = file.length - BUNDLE_HEADER_LENGTH - TAG_LENGTH;
  if (present < declared) throw new BundleFormatError('truncated');
  if (present > declared) throw new BundleFormatError('damaged');
  if (!file.subarray(KEY_ID_OFFSET, SALT_OFFSET).equals(key.id)) throw new BundleFormatError('other-key');
  return {
    header: file.subarray(0, BUNDLE_HEADER_LENGTH),
    sealed: file.subarray(BUNDLE_HEADER_LENGTH, file.length - TAG_LENGTH),
    tag: file.subarray(file.length - TAG_LENGTH),
  };
}

/**
 * Opens an .enc file: checks it is one, whole, of a version this Parley reads and sealed with
 * this installation's key, verifies every byte (GCM) before anything is unpacked, then inflates
 * it with a ceiling, so a small file cannot expand without end (a zip bomb), and checks the
 * JSON's depth and size before parsing it. Answers the JSON value, or throws BundleFormatError.
 */
export function decodeBundle(file: Buffer, key: BundleKey, maxExpandedBytes: number): unknown {
  const { header, sealed, tag } = readHeader(file, key);
  const salt = header.subarray(SALT_OFFSET, NONCE_OFFSET);
  const nonce = header.subarray(NONCE_OFFSET, LENGTH_OFFSET);
  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-gcm', derive(key.secret, salt, CONTENT_KEY_INFO, 32), nonce);
    decipher.setAAD(header);
    decipher.setAuthTag(tag);
    plain = Buffer.concat([decipher.update(sealed), decipher.final()]);
  } catch {
    throw new BundleFormatError('damaged');
  }
  let json: Buffer;
  try {
    json = gunzipSync(plain, { maxOutputLength: maxExpandedBytes });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw new BundleFormatError('too-large');
    throw new BundleFormatError('not-json');
  }
  try {
    return parseJsonWithin(json, BUNDLE_JSON_SHAPE);
  } catch (error) {
    throw new BundleFormatError(error instanceof JsonShapeError ? 'too-complex' : 'not-json');
  }
}

/**
 * A bot's JSON is a few levels deep (flows are XML text) and holds a value per example, name
 * and setting: 10,000 intents of 50 examples are about 1.5 million values. Past these limits a
 * file is an attack on memory (a 60 KB file unpacked into 62 MB of nested arrays), not a bot.
 */
export const BUNDLE_JSON_SHAPE: JsonShapeLimits = { maxDepth: 64, maxValues: 5_000_000 };
