import { AppError, GENERAL_SETTINGS_MESSAGES as M } from '@parley/contracts';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { compressAvatar } from './avatar-image';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 0.8 } } });

async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).message;
}

describe('compressAvatar', () => {
  test.each([
    ['png', () => picture(1000, 500).png().toBuffer(), 256, 128],
    ['jpeg', () => picture(300, 600).jpeg().toBuffer(), 128, 256],
    ['webp', () => picture(400, 400).webp().toBuffer(), 256, 256],
    ['gif', () => picture(512, 256).gif().toBuffer(), 256, 128],
  ] as const)('a %s is fitted into 256 x 256 and stored as WebP', async (format, make, width, height) => {
    const avatar = await compressAvatar(await make(), format);
    expect({ width: avatar.width, height: avatar.height }).toEqual({ width, height });
    const stored = await sharp(avatar.data).metadata();
    expect({ format: stored.format, width: stored.width, height: stored.height }).toEqual({
      format: 'webp',
      width,
      height,
    });
  });

  test('a small image is not enlarged', async () => {
    const avatar = await compressAvatar(await picture(40, 30).png().toBuffer(), 'png');
    expect([avatar.width, avatar.height]).toEqual([40, 30]);
  });

  test('a file whose bytes are not the format its name claims is refused before decoding', async () => {
    const jpeg = await picture(50, 50).jpeg().toBuffer();
    expect(await refusal(compressAvatar(jpeg, 'png'))).toBe(M.avatarUnreadable('PNG'));
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await refusal(compressAvatar(svg, 'png'))).toBe(M.avatarUnreadable('PNG'));
    expect(await refusal(compressAvatar(Buffer.from('GIF89a but not really'), 'gif'))).toBe(
      M.avatarUnreadable('GIF'),
    );
  });

  test('a truncated image is refused as unreadable', async () => {
    const png = await picture(300, 300).png().toBuffer();
    expect(await refusal(compressAvatar(png.subarray(0, 60), 'png'))).toBe(M.avatarUnreadable('PNG'));
  });

  test('a small file that unpacks into more than 5000 x 5000 pixels is refused', async () => {
    const bomb = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(200_000);
    expect(await refusal(compressAvatar(bomb, 'png'))).toBe(M.avatarTooManyPixels);
  });
});
