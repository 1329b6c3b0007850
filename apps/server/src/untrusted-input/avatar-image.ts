import {
  AppError,
  AVATAR_FIELD,
  AVATAR_MAX_INPUT_PIXELS,
  AVATAR_MAX_SIDE_PX,
  AVATAR_TYPES,
  type AvatarFormat,
  GENERAL_SETTINGS_MESSAGES as M,
  validationError,
} from '@parley/contracts';
import sharp from 'sharp';

// The avatars are small and few: no cache of decoded images kept between requests, and one
// libvips thread per image, so two avatars at once leave libuv's other threads to files and DNS.
sharp.cache(false);
sharp.concurrency(1);

/** Images decoded at once in this process; the rest wait in line, and past MAX_WAITING the server is busy. */
const MAX_RUNNING = 2;
const MAX_WAITING = 16;
/** libvips stops an image that takes longer than this (a hostile file, not a real avatar). */
const TIMEOUT_SECONDS = 10;

/** The first bytes each accepted format starts with: the file must be what its name says. */
const SIGNATURES: Record<AvatarFormat, (data: Buffer) => boolean> = {
  png: (d) => d.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpeg: (d) => d[0] === 0xff && d[1] === 0xd8 && d[2] === 0xff,
  webp: (d) => d.toString('latin1', 0, 4) === 'RIFF' && d.toString('latin1', 8, 12) === 'WEBP',
  gif: (d) => ['GIF87a', 'GIF89a'].includes(d.toString('latin1', 0, 6)),
};

export interface AvatarImage {
  data: Buffer;
  width: number;
  height: number;
}

let running = 0;
const waiting: Array<() => void> = [];

async function slot(): Promise<() => void> {
  if (running >= MAX_RUNNING) {
    if (waiting.length >= MAX_WAITING) throw new AppError('custom_error', M.avatarBusy, {}, 503);
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

/**
 * An uploaded avatar made safe and small: its bytes must be the format its name claims (checked
 * before any decoder sees them, so an SVG or anything else never reaches libvips), it is decoded
 * with a pixel ceiling and a time limit, turned upright, fitted into 256 x 256 (never enlarged;
 * an animated GIF keeps its first frame) and written anew as WebP, which drops any metadata.
 * libvips works on libuv's thread pool, so the event loop stays free meanwhile.
 */
export async function compressAvatar(data: Buffer, format: AvatarFormat): Promise<AvatarImage> {
  const type = AVATAR_TYPES.find((t) => t.format === format);
  const unreadable = () => validationError(AVATAR_FIELD, M.avatarUnreadable(type?.label ?? format));
  if (!type || !SIGNATURES[format](data)) throw unreadable();
  const release = await slot();
  try {
    const image = sharp(data, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, failOn: 'error', pages: 1 });
    const metadata = await image.metadata();
    if (metadata.format !== format) throw unreadable();
    const { data: out, info } = await image
      .rotate()
      .resize(AVATAR_MAX_SIDE_PX, AVATAR_MAX_SIDE_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85, effort: 4 })
      .timeout({ seconds: TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true });
    return { data: out, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // libvips' refusals (truncated data, a bad chunk, the pixel ceiling) are the file's fault.
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) throw validationError(AVATAR_FIELD, M.avatarTooManyPixels);
    throw unreadable();
  } finally {
    release();
  }
}
