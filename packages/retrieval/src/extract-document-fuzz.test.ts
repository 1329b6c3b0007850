import { strToU8 } from 'fflate';
import { describe, expect, test } from 'vitest';
import { DocumentRefusal } from './document-refusal';
import { extractDocument } from './extract-document';
import { makeDocx, makePdf, makePptx } from './testing/make-office-files';
import { seededRandom } from './testing/seeded-random';

/**
 * Damaged files of every kind (valid ones with bytes flipped, cut short, or pure noise): each is
 * read or refused with a DocumentRefusal, never another error (a fault of ours).
 */
const VALID: Record<string, Uint8Array> = {
  'a.pdf': makePdf([['Refunds are paid within 14 days.'], ['Second page.']]),
  'a.docx': makeDocx([{ heading: 'Title', level: 1 }, { paragraph: 'Body text.' }, { table: [['a', 'b']] }]),
  'a.pptx': makePptx([{ title: 'Slide', lines: ['One', 'Two'] }]),
  'a.csv': strToU8('name,price\n"tea",3\n"coffee ""x""",4\n'),
  'a.json': strToU8(JSON.stringify({ a: [{ b: 1 }, 'c'], d: { e: null } })),
  'a.md': strToU8('# Title\n\nText\n\n```\ncode\n```\n'),
  'a.txt': strToU8('Plain text.\n\nMore.'),
  'a.html': strToU8('<html><body><h1>T</h1><p>Text <a href="/x">x</a></p></body></html>'),
};

function damaged(bytes: Uint8Array, random: () => number): Uint8Array {
  const copy = new Uint8Array(bytes);
  const mode = Math.floor(random() * 3);
  if (mode === 0) {
    for (let flips = 0; flips < 1 + Math.floor(random() * 20); flips++)
      copy[Math.floor(random() * copy.length)] = Math.floor(random() * 256);
    return copy;
  }
  if (mode === 1) return copy.slice(0, Math.floor(random() * copy.length));
  return Uint8Array.from({ length: Math.floor(random() * 2000) }, () => Math.floor(random() * 256));
}

describe('extractDocument on damaged files', () => {
  for (const [fileName, bytes] of Object.entries(VALID)) {
    test(`${fileName}: read or refused with a reason, 40 times`, async () => {
      const random = seededRandom(fileName.length * 7919 + (bytes[0] ?? 0));
      for (let attempt = 0; attempt < 40; attempt++) {
        const input = damaged(bytes, random);
        try {
          const document = await extractDocument({ fileName, bytes: input });
          expect(Array.isArray(document.sections)).toBe(true);
        } catch (error) {
          if (!(error instanceof DocumentRefusal)) throw error;
          expect(error.message.length).toBeGreaterThan(10);
        }
      }
    }, 60_000);
  }
});
