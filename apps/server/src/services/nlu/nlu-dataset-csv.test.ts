import { describe, expect, test } from 'vitest';
import { DatasetCsvError, datasetCsv, datasetText, parseDatasetCsv } from './nlu-dataset-csv';

describe('the NLU dataset CSV', () => {
  test('RFC 4180 fields: doubled quotes, commas and line breaks in quotes, CRLF or LF, blank lines', () => {
    const text = 'utterance,intent\r\n"say ""hi"", now",A\n\n"two\r\nlines", B \r\nplain,C';
    expect(parseDatasetCsv(text)).toEqual([
      { utterance: 'say "hi", now', intent: 'A' },
      { utterance: 'two\r\nlines', intent: 'B' },
      { utterance: 'plain', intent: 'C' },
    ]);
  });

  test('the header may be in either order and any case', () => {
    expect(parseDatasetCsv('INTENT,Utterance\nA,hello')).toEqual([{ utterance: 'hello', intent: 'A' }]);
  });

  test('a BOM is dropped; bytes that are not UTF-8 are refused', () => {
    expect(datasetText(Buffer.from('\uFEFFutterance,intent'))).toBe('utterance,intent');
    expect(() => datasetText(Buffer.from([0xc3, 0x28]))).toThrow(DatasetCsvError);
  });

  test('writing and reading again gives the same rows; formulas are defused', () => {
    const rows = [
      { utterance: 'a, "b"\nc', intent: 'A' },
      { utterance: '=1+1', intent: 'B' },
    ];
    const csv = datasetCsv(rows);
    expect(csv).toContain("'=1+1,B");
    expect(parseDatasetCsv(datasetText(Buffer.from(csv)))).toEqual([
      rows[0],
      { utterance: "'=1+1", intent: 'B' },
    ]);
  });
});
