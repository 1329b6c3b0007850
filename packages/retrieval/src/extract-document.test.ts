import { strToU8, zipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { DocumentRefusal } from './document-refusal';
import { extractDocument } from './extract-document';
import { makeDocx, makePdf, makePptx } from './testing/make-office-files';

const extract = (fileName: string, content: string | Uint8Array) =>
  extractDocument({ fileName, bytes: typeof content === 'string' ? strToU8(content) : content });

describe('extractDocument', () => {
  test('a PDF is read page by page, each passage knowing its page', async () => {
    const pdf = makePdf([['Refund policy', 'Refunds are paid within 14 days.'], ['Shipping takes 3 days.']]);
    const document = await extract('handbook.pdf', pdf);
    expect(document.pageCount).toBe(2);
    expect(document.needsOcr).toBe(false);
    const onPage = (page: number) =>
      document.sections
        .filter((section) => section.page === page)
        .map((section) => section.text)
        .join(' ');
    expect(onPage(1)).toContain('Refunds are paid within 14 days.');
    expect(onPage(2)).toContain('Shipping takes 3 days.');
    expect(onPage(1)).not.toContain('Shipping');
  });

  test('a PDF whose pages have no text layer needs OCR instead of being an empty document', async () => {
    const document = await extract('scan.pdf', makePdf([[], []]));
    expect(document).toMatchObject({ needsOcr: true, pageCount: 2, sections: [] });
  });

  test('a damaged PDF is refused with a clear message', async () => {
    await expect(extract('broken.pdf', '%PDF-1.4\nthis is not a pdf at all')).rejects.toThrow(
      new DocumentRefusal('The file is not a valid PDF file (it is damaged or not a PDF).'),
    );
  });

  test('a DOCX keeps its heading path and its table rows and columns', async () => {
    const docx = makeDocx([
      { heading: 'Travel', level: 1 },
      { paragraph: 'Book trains at least a week ahead.' },
      { heading: 'Allowances', level: 2 },
      {
        table: [
          ['Country', 'Daily allowance'],
          ['France', '90 EUR'],
          ['Japan', '12000 JPY'],
        ],
      },
    ]);
    const { sections } = await extract('policy.docx', docx);
    expect(sections).toEqual([
      { text: 'Book trains at least a week ahead.', headingPath: ['Travel'] },
      {
        text: 'Country | Daily allowance\nFrance | 90 EUR\nJapan | 12000 JPY',
        headingPath: ['Travel', 'Allowances'],
      },
    ]);
  });

  test('a zip that is no Word document, and a zip bomb, are refused', async () => {
    await expect(extract('x.docx', zipSync({ 'a.txt': strToU8('hi') }))).rejects.toThrow(
      'The file is not a valid DOCX file (it has no word/document.xml).',
    );
    await expect(extract('x.docx', 'PK not a zip')).rejects.toThrow(DocumentRefusal);
    const bomb = zipSync({ 'word/document.xml': new Uint8Array(8 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(64 * 1024);
    await expect(
      extractDocument(
        { fileName: 'bomb.docx', bytes: bomb },
        { maxExpandedBytes: 4 * 1024 * 1024, maxTextCharacters: 1000 },
      ),
    ).rejects.toThrow('The DOCX file expands to more than 4 MB; it cannot be read.');
  });

  test('a PPTX is read slide by slide in the presentation order, titles as headings', async () => {
    const pptx = makePptx(
      [
        { title: 'Welcome', lines: ['Our company in brief'] },
        { title: 'Holidays', lines: ['25 days a year', 'Ask your manager & HR'] },
      ],
      [1, 0],
    );
    const document = await extract('deck.pptx', pptx);
    expect(document.pageCount).toBe(2);
    expect(document.sections).toEqual([
      { text: 'Holidays\n25 days a year\nAsk your manager & HR', headingPath: ['Holidays'], slide: 1 },
      { text: 'Welcome\nOur company in brief', headingPath: ['Welcome'], slide: 2 },
    ]);
  });

  test('Markdown keeps its headings as the path of the text under them', async () => {
    const { sections } = await extract(
      'guide.md',
      '# Guide\nIntro text.\n\n## Setup\nRun the installer.\n\n```\n# not a heading\n```\n### Linux\nUse apt.\n## Usage\nOpen the app.',
    );
    expect(sections).toEqual([
      { text: 'Intro text.', headingPath: ['Guide'] },
      { text: 'Run the installer.', headingPath: ['Guide', 'Setup'] },
      { text: '```\n# not a heading\n```', headingPath: ['Guide', 'Setup'] },
      { text: 'Use apt.', headingPath: ['Guide', 'Setup', 'Linux'] },
      { text: 'Open the app.', headingPath: ['Guide', 'Usage'] },
    ]);
  });

  test('a CSV gives one section per row, each value beside its header', async () => {
    const { sections } = await extract(
      'prices.csv',
      'Product;Price;Note\r\nTea;3.50;"green; loose"\r\nCoffee;4.00;"says ""hi""\nto you"\r\n',
    );
    expect(sections).toEqual([
      {
        text: 'Product: Tea\nPrice: 3.50\nNote: green; loose',
        headingPath: [],
        row: 1,
        fields: { Product: 'Tea', Price: '3.50', Note: 'green; loose' },
      },
      {
        text: 'Product: Coffee\nPrice: 4.00\nNote: says "hi"\nto you',
        headingPath: [],
        row: 2,
        fields: { Product: 'Coffee', Price: '4.00', Note: 'says "hi"\nto you' },
      },
    ]);
  });

  test('JSON: an array gives a section per element, an object one per key; invalid JSON is refused', async () => {
    const array = await extract('faq.json', JSON.stringify([{ q: 'Opening hours?', a: { text: '9 to 5' } }]));
    expect(array.sections).toEqual([
      { text: 'q: Opening hours?\na.text: 9 to 5', headingPath: [], row: 1, fields: { q: 'Opening hours?' } },
    ]);
    const object = await extract('x.json', JSON.stringify({ shop: { city: 'Lyon', tags: ['a', 'b'] } }));
    expect(object.sections).toEqual([{ text: 'city: Lyon\ntags: a, b', headingPath: ['shop'] }]);
    await expect(extract('x.json', '{"a":')).rejects.toThrow('The JSON file is not valid JSON.');
  });

  test('plain text is split into paragraphs; a binary file named .txt is refused', async () => {
    const { sections } = await extract('notes.txt', 'First   line\nstill first.\n\n\nSecond.');
    expect(sections.map((section) => section.text)).toEqual(['First line\nstill first.', 'Second.']);
    await expect(extract('x.txt', new Uint8Array([1, 0, 2, 3]))).rejects.toThrow('x.txt is not a text file');
  });

  test('a file of an unknown kind is refused naming the kinds that can be read', async () => {
    await expect(extract('photo.png', 'x')).rejects.toThrow(
      'This kind of file cannot be read: upload a PDF, DOCX, PPTX, TXT, MD, CSV, JSON or HTML file.',
    );
  });

  test('an old Word file (.doc) is refused with what to do instead', async () => {
    await expect(extract('old.doc', 'x')).rejects.toThrow(
      'Word 97-2003 files (.doc) cannot be read: save the file as DOCX and upload it again.',
    );
  });

  test('text past the limit is refused', async () => {
    await expect(
      extractDocument(
        { fileName: 'big.txt', bytes: strToU8('word '.repeat(1000)) },
        { maxExpandedBytes: 1024, maxTextCharacters: 100 },
      ),
    ).rejects.toThrow('The document holds more than 100 characters of text');
  });
});
