import type { BlockFileRecord } from '@parley/db';
import { describe, expect, test } from 'vitest';
import { contentDisposition } from '../../http/safe-download';
import { cleanFileName, downloadNameOf, extensionOf } from './block-files.service';

describe('the names of block files', () => {
  test.each([
    ['menu.pdf', 'menu.pdf'],
    ['../../etc/passwd.txt', 'passwd.txt'],
    ['C:\\Users\\ann\\Desktop\\menu.pdf', 'menu.pdf'],
    ['folder/', ''],
    ['  spaced name.txt  ', 'spaced name.txt'],
    ['nul\u0000byte.png', 'nulbyte.png'],
    ['line\r\nbreak.txt', 'linebreak.txt'],
    ['report\u202Efdp.exe', 'reportfdp.exe'],
    ['half\uD800.txt', 'half\uFFFD.txt'],
    ['Cafe\u0301.txt', 'Café.txt'],
  ])('%j is kept as %j', (sent, kept) => {
    expect(cleanFileName(sent)).toBe(kept);
  });

  test('a long name is cut to 200 characters, its extension kept and no character split', () => {
    const cut = cleanFileName(`${'😀'.repeat(300)}.png`);
    expect(Array.from(cut)).toHaveLength(200);
    expect(cut.endsWith('😀.png')).toBe(true);
    expect(cleanFileName(`menu.${'x'.repeat(400)}`)).toHaveLength(200);
  });

  test('extensions are the lower-cased text after the last dot', () => {
    expect(extensionOf('Photo.JPEG')).toBe('jpeg');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
    expect(extensionOf('README')).toBe('');
  });

  test('a download keeps the stored extension whatever name is asked for', () => {
    const file = { fileName: 'menu.pdf', fileExtension: 'pdf' } as BlockFileRecord;
    expect(downloadNameOf(file, 'Our menu.pdf')).toBe('Our menu.pdf');
    expect(downloadNameOf(file, 'Our menu.PDF')).toBe('Our menu.PDF');
    expect(downloadNameOf(file, 'page.html')).toBe('page.html.pdf');
    expect(downloadNameOf(file, '../')).toBe('menu.pdf');
    expect(downloadNameOf(file, undefined)).toBe('menu.pdf');
  });

  test('the Content-Disposition header holds an ASCII name and the full one encoded, nothing that breaks it', () => {
    expect(contentDisposition('attachment', 'menu.pdf')).toBe(
      `attachment; filename="menu.pdf"; filename*=UTF-8''menu.pdf`,
    );
    const header = contentDisposition('inline', 'a"b;\r\nSet-Cookie: x=1 (é)*.png');
    expect(header).toBe(
      `inline; filename="a_b___Set-Cookie_ x_1 (_)_.png"; filename*=UTF-8''a%22b%3B%0D%0ASet-Cookie%3A%20x%3D1%20%28%C3%A9%29%2A.png`,
    );
    expect(header).not.toMatch(/[\r\n]/);
    expect(contentDisposition('attachment', '')).toContain('filename="file"');
  });
});
