import { AppError, LLM_LIMITS } from '@parley/contracts';
import { makeDocx, makePdf } from '@parley/retrieval/testing';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { extractDocumentInWorker, readWebPageInWorker } from './document-extraction';

/** What a refusal looks like to the API: a validation error on a field, with the reason. */
async function refusalOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  return { status: appError.status, code: appError.code, message: appError.message, data: appError.data };
}

describe('document extraction in the untrusted-input worker', () => {
  test('reads a PDF and a DOCX off the event loop', async () => {
    const pdf = await extractDocumentInWorker({
      bytes: makePdf([['The office opens at 9.'], ['Parking is free.']]),
      fileName: 'handbook.pdf',
    });
    expect(pdf.pageCount).toBe(2);
    expect(pdf.sections.map((section) => [section.page, section.text])).toEqual([
      [1, 'The office opens at 9.'],
      [2, 'Parking is free.'],
    ]);
    const docx = await extractDocumentInWorker({
      bytes: makeDocx([{ heading: 'Leave', level: 1 }, { paragraph: 'Ask two weeks ahead.' }]),
      fileName: 'leave.docx',
    });
    expect(docx.sections).toEqual([{ text: 'Ask two weeks ahead.', headingPath: ['Leave'] }]);
  }, 30_000);

  test('a damaged or hostile file is refused on the file field with the reason, and the worker goes on', async () => {
    const bomb = zipSync({ 'word/document.xml': new Uint8Array(300 * 1024 * 1024) }, { level: 1 });
    expect(await refusalOf(extractDocumentInWorker({ bytes: bomb, fileName: 'bomb.docx' }))).toMatchObject({
      status: 400,
      code: 'validation_error',
      message: expect.stringContaining('The DOCX file expands to more than 256 MB; it cannot be read.'),
    });
    expect(
      await refusalOf(extractDocumentInWorker({ bytes: strToU8('%PDF-1.7 garbage'), fileName: 'x.pdf' })),
    ).toMatchObject({ status: 400, message: expect.stringContaining('The file is not a valid PDF file') });
    const after = await extractDocumentInWorker({ bytes: strToU8('Still here.'), fileName: 'a.txt' });
    expect(after.sections).toEqual([{ text: 'Still here.', headingPath: [] }]);
  }, 60_000);

  test('the worker accepts no file past the upload limit, whoever sends it', async () => {
    const tooBig = new Uint8Array(LLM_LIMITS.uploadMaxBytes + 1);
    expect(await refusalOf(extractDocumentInWorker({ bytes: tooBig, fileName: 'big.txt' }))).toMatchObject({
      status: 400,
      message: expect.stringContaining('File is too big. Accepted size is 50MB'),
    });
  }, 30_000);

  test('a web page is read in the worker, its links listed', async () => {
    const page = await readWebPageInWorker(
      '<html><body><h1>Hours</h1><p>We open at nine every weekday morning.</p><a href="/contact">Contact</a></body></html>',
      'http://shop.test/hours',
    );
    expect(page.sections.map((section) => section.text).join(' ')).toContain('We open at nine');
    expect(page.links).toEqual(['http://shop.test/contact']);
  }, 30_000);
});
