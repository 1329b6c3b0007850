import {
  AppError,
  SNIPPET_MESSAGES as M,
  SNIPPET_ICON_FIELD,
  SNIPPET_ICON_MAX_SIDE_PX,
  type SnippetIconFormat,
  validationError,
} from '@parley/contracts';
import sharp from 'sharp';

/** Decoding stops at this many pixels: a small file (an SVG above all) may unpack into a huge picture. */
const MAX_INPUT_PIXELS = 4000 * 4000;
const TIMEOUT_SECONDS = 10;

const SIGNATURES: Record<Exclude<SnippetIconFormat, 'svg'>, (data: Buffer) => boolean> = {
  png: (d) => d.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpeg: (d) => d[0] === 0xff && d[1] === 0xd8 && d[2] === 0xff,
};

/**
 * An SVG we are willing to draw: an <svg> document with no DOCTYPE or entities (no entity
 * expansion, no external DTD), and no reference outside itself (href, xlink:href, url(...) and
 * @import may point only at '#fragments' or inline data: images). Scripts and event handlers
 * never run in the rasteriser, and the drawing is all that is kept.
 */
export function isDrawableSvg(text: string): boolean {
  if (!/<svg[\s>]/i.test(text)) return false;
  if (/<!DOCTYPE|<!ENTITY|<\?xml-stylesheet/i.test(text)) return false;
  if (/@import/i.test(text)) return false;
  const references = [
    ...text.matchAll(/(?:xlink:)?href\s*=\s*["']\s*([^"']*)["']/gi),
    ...text.matchAll(/url\(\s*["']?\s*([^)"']*)/gi),
  ].map((m) => (m[1] ?? '').trim());
  return references.every((ref) => ref.startsWith('#') || /^data:image\/(png|jpeg|gif);base64,/i.test(ref));
}

export interface SnippetIconImage {
  data: Buffer;
  contentType: 'image/png';
}

/**
 * An uploaded icon made safe: its bytes must be the format its name claims; it is decoded with
 * a pixel ceiling and a time limit, fitted into 256 x 256 and written anew as PNG, which drops
 * metadata and, for an SVG, everything but the drawing. The SVG itself is never kept or served.
 */
export async function drawSnippetIcon(data: Buffer, format: SnippetIconFormat): Promise<SnippetIconImage> {
  const unreadable = () => validationError(SNIPPET_ICON_FIELD, M.iconUnreadable);
  if (format === 'svg') {
    const text = data.toString('utf8');
    if (!/<svg[\s>]/i.test(text)) throw unreadable();
    if (!isDrawableSvg(text)) throw validationError(SNIPPET_ICON_FIELD, M.iconUnsafeSvg);
  } else if (!SIGNATURES[format](data)) {
    throw unreadable();
  }
  try {
    const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 } as const;
    let image = sharp(data, options);
    const metadata = await image.metadata();
    if (metadata.format !== format) throw unreadable();
    if (format === 'svg') {
      // A drawing is drawn at the size it is shown at, not enlarged from its nominal 24 pixels.
      const side = Math.max(metadata.width ?? 0, metadata.height ?? 0, 1);
      const density = Math.min(2400, Math.max(1, (72 * SNIPPET_ICON_MAX_SIDE_PX) / side));
      image = sharp(data, { ...options, density });
    }
    const out = await image
      .rotate()
      .resize(SNIPPET_ICON_MAX_SIDE_PX, SNIPPET_ICON_MAX_SIDE_PX, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .timeout({ seconds: TIMEOUT_SECONDS })
      .toBuffer();
    return { data: out, contentType: 'image/png' };
  } catch (error) {
    // libvips' refusals (truncated data, a bad chunk, the pixel ceiling) are the file's fault.
    if (error instanceof AppError) throw error;
    throw unreadable();
  }
}
