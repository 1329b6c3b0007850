import { describe, expect, test } from 'vitest';
import { POSTGRES_STYLE, parameterise, QUESTION_MARK_STYLE, SQL_SERVER_STYLE } from './sql-parameters';

describe('placeholders become bound parameters', () => {
  const inputs = { id: 7, name: "O'Brien; DROP TABLE users; --", tags: ['a'], none: null };

  test('each driver gets its own parameter markers; values never enter the text', () => {
    const sql = 'SELECT * FROM users WHERE id = {{id}} AND name = {{ name }}';
    expect(parameterise(sql, inputs, POSTGRES_STYLE)).toEqual({
      text: 'SELECT * FROM users WHERE id = $1 AND name = $2',
      values: [7, "O'Brien; DROP TABLE users; --"],
    });
    expect(parameterise(sql, inputs, QUESTION_MARK_STYLE).text).toBe(
      'SELECT * FROM users WHERE id = ? AND name = ?',
    );
    expect(parameterise(sql, inputs, SQL_SERVER_STYLE).text).toBe(
      'SELECT * FROM users WHERE id = @p1 AND name = @p2',
    );
  });

  test("a quoted placeholder '{{name}}' is one parameter, quotes included", () => {
    expect(parameterise("SELECT '{{name}}' AS n, {{id}} + {{id}}", inputs, POSTGRES_STYLE)).toEqual({
      text: 'SELECT $1 AS n, $2 + $3',
      values: ["O'Brien; DROP TABLE users; --", 7, 7],
    });
  });

  test('lists and objects are bound as JSON text, null as NULL; unknown names stay as written', () => {
    expect(parameterise('VALUES ({{tags}}, {{none}}, {{other}})', inputs, QUESTION_MARK_STYLE)).toEqual({
      text: 'VALUES (?, ?, {{other}})',
      values: ['["a"]', null],
    });
  });
});
