import { AppError } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { readEvaluationDataset } from './evaluation-dataset';

const bytes = (text: string) => new TextEncoder().encode(text);
const refusalOf = (text: string, fileName: string) => {
  try {
    readEvaluationDataset(bytes(text), fileName);
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
  return undefined;
};

describe('evaluation dataset files', () => {
  test('CSV: a header row in any order and case, sources split on | or ;, contains by default', () => {
    const csv = [
      'Expected_Sources,Question,expected answer,check',
      'handbook.txt|prices.pdf,"When do you open, on Monday?",At 9,',
      ' ; handbook.txt ,Who founded it?,,judged',
    ].join('\r\n');
    expect(readEvaluationDataset(bytes(`\uFEFF${csv}`), 'set.CSV')).toEqual([
      {
        question: 'When do you open, on Monday?',
        expectedAnswer: 'At 9',
        expectedSources: ['handbook.txt', 'prices.pdf'],
        check: 'contains',
      },
      { question: 'Who founded it?', expectedAnswer: '', expectedSources: ['handbook.txt'], check: 'judged' },
    ]);
  });

  test('JSON: a list, or {"questions": [...]}', () => {
    const list = [{ question: 'Q?', expectedAnswer: 'A', expectedSources: ['a.pdf'], check: 'judged' }];
    expect(readEvaluationDataset(bytes(JSON.stringify(list)), 'set.json')).toEqual(list);
    expect(
      readEvaluationDataset(
        bytes(JSON.stringify({ questions: [{ question: 'Q?', expectedSources: 'a.pdf|b.pdf' }] })),
        'set.json',
      ),
    ).toEqual([
      { question: 'Q?', expectedAnswer: '', expectedSources: ['a.pdf', 'b.pdf'], check: 'contains' },
    ]);
  });

  test('a problem refuses the whole file, naming the question', () => {
    expect(refusalOf('question,expected_answer\nQ1,A\nQ2,', 'set.csv')).toBe(
      'Question 2: give an expected answer, expected sources, or both.',
    );
    expect(refusalOf('question,expected_answer\n,A', 'set.csv')).toBe('Question 1: the question is empty.');
    expect(refusalOf('q,a\nQ,A', 'set.csv')).toBe(
      "The CSV file needs a header row with a 'question' column.",
    );
    expect(refusalOf('question,expected_answer,check\nQ,A,exact', 'set.csv')).toBe(
      "Question 1: the check 'exact' is not known: write contains or judged.",
    );
    expect(refusalOf('question\n"Q', 'set.csv')).toBe('The CSV file has a quoted value that never ends.');
    expect(refusalOf('{"questions": 3}', 'set.json')).toMatch(/^The JSON file must be a list/);
    expect(refusalOf('[{"question": 1, "expectedAnswer": "A"}]', 'set.json')).toMatch(
      /^The JSON file must be a list/,
    );
    expect(refusalOf('{', 'set.json')).toBe('The file is not valid JSON.');
    expect(refusalOf('[]', 'set.json')).toBe('The dataset has no questions.');
    expect(refusalOf('question', 'set.xlsx')).toBe('An evaluation dataset is a .csv or .json file.');
    const many = `question,expected_answer\n${Array.from({ length: 501 }, (_, i) => `Q${i},A`).join('\n')}`;
    expect(refusalOf(many, 'set.csv')).toBe('A dataset has at most 500 questions.');
  });
});
