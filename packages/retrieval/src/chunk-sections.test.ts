import { describe, expect, test } from 'vitest';
import { chunkSections } from './chunk-sections';
import type { DocumentSection } from './sections';
import { countTokens } from './tokens';

const sentence = (n: number) => `Sentence number ${n} tells about topic ${n}.`;

describe('chunkSections', () => {
  test('short paragraphs of one place are packed into one chunk that carries its place and document', () => {
    const sections: DocumentSection[] = [
      { text: 'Alpha paragraph.', headingPath: ['Guide', 'Setup'], page: 2 },
      { text: 'Beta paragraph.', headingPath: ['Guide', 'Setup'], page: 2 },
      { text: 'Gamma on page three.', headingPath: ['Guide', 'Setup'], page: 3 },
    ];
    const chunks = chunkSections(sections, {
      maxTokens: 100,
      overlapTokens: 10,
      documentName: 'guide.pdf',
      metadata: { team: 'support' },
    });
    expect(chunks).toEqual([
      {
        text: 'Alpha paragraph.\n\nBeta paragraph.',
        headingPath: ['Guide', 'Setup'],
        page: 2,
        ordinal: 0,
        tokenCount: countTokens('Alpha paragraph.') + countTokens('Beta paragraph.'),
        documentName: 'guide.pdf',
        metadata: { team: 'support' },
      },
      expect.objectContaining({ text: 'Gamma on page three.', page: 3, ordinal: 1 }),
    ]);
  });

  test('a long paragraph is cut at sentences within the budget, each chunk repeating the last sentence before it', () => {
    const paragraph = Array.from({ length: 30 }, (_, index) => sentence(index + 1)).join(' ');
    const budget = 40;
    const chunks = chunkSections([{ text: paragraph, headingPath: [] }], {
      maxTokens: budget,
      overlapTokens: 12,
    });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) expect(countTokens(chunk.text)).toBeLessThanOrEqual(budget + 2);
    for (let index = 1; index < chunks.length; index++) {
      const previous = chunks[index - 1]?.text ?? '';
      const lastSentence = previous.slice(previous.lastIndexOf('Sentence'));
      expect(chunks[index]?.text.startsWith(lastSentence)).toBe(true);
    }
    // Every sentence is in some chunk, none is cut in the middle.
    for (let n = 1; n <= 30; n++) expect(chunks.some((chunk) => chunk.text.includes(sentence(n)))).toBe(true);
  });

  test('without overlap no sentence is repeated, and CSV rows never share a chunk', () => {
    const paragraph = Array.from({ length: 12 }, (_, index) => sentence(index + 1)).join(' ');
    const chunks = chunkSections([{ text: paragraph, headingPath: [] }], { maxTokens: 30, overlapTokens: 0 });
    const joined = chunks.map((chunk) => chunk.text).join(' ');
    expect(joined).toBe(paragraph);
    const rows = chunkSections(
      [
        { text: 'Name: Tea', headingPath: [], row: 1 },
        { text: 'Name: Coffee', headingPath: [], row: 2 },
      ],
      { maxTokens: 300, overlapTokens: 20 },
    );
    expect(rows.map((chunk) => [chunk.text, chunk.row])).toEqual([
      ['Name: Tea', 1],
      ['Name: Coffee', 2],
    ]);
  });

  test("a record's fields named as metadata fields become its chunk's metadata beside the document's", () => {
    const chunks = chunkSections(
      [{ text: 'Name: Tea\nTeam: sales', headingPath: [], row: 1, fields: { Name: 'Tea', Team: 'sales' } }],
      { maxTokens: 100, overlapTokens: 0, metadata: { source: 'crm' }, metadataFields: ['Team', 'Region'] },
    );
    expect(chunks[0]?.metadata).toEqual({ source: 'crm', Team: 'sales' });
  });

  test('a word longer than the budget is cut rather than dropped', () => {
    const blob = 'x'.repeat(2000);
    const chunks = chunkSections([{ text: blob, headingPath: [] }], { maxTokens: 50, overlapTokens: 0 });
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(blob);
  });
});
