import {
  type FunctionDefinition,
  functionDefinitionSchema,
  FUNCTION_SECRET_MASK as MASK,
} from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { hasSecrets, maskSecrets, restoreSecrets } from './function-secrets';

const sql = (connectionString: string) =>
  functionDefinitionSchema.parse({ type: 'sql', name: 'Orders', connectionString, sqlCommand: 'SELECT 1' });
const rest = (url: string, headers: Array<{ key: string; value: string }> = []) =>
  functionDefinitionSchema.parse({ type: 'rest', name: 'Weather', url, headers });
const connectionOf = (definition: FunctionDefinition) =>
  definition.type === 'sql' ? definition.connectionString : undefined;

describe('masking the secrets of a definition', () => {
  test.each([
    ['postgres://shop:s3cret@db.example.com:5432/shop', `postgres://shop:${MASK}@db.example.com:5432/shop`],
    ['mysql://root:@db/x', 'mysql://root:@db/x'],
    [
      'Server=db;Database=shop;User Id=sa;Password=p@ss;',
      `Server=db;Database=shop;User Id=sa;Password=${MASK};`,
    ],
    ['Server=db;pwd={a;b};Encrypt=true', `Server=db;pwd=${MASK};Encrypt=true`],
    ['sqlite:shop.db', 'sqlite:shop.db'],
  ])('connection string %s', (given, masked) => {
    expect(connectionOf(maskSecrets(sql(given)))).toBe(masked);
  });

  test('REST: credential headers, URL passwords and secret query parameters', () => {
    const masked = maskSecrets(
      rest('https://u:pw@api.example.com/v1?city=Oslo&api_key=k123&token=t', [
        { key: 'Authorization', value: 'Bearer abc' },
        { key: 'X-Api-Key', value: 'k' },
        { key: 'Accept', value: 'application/json' },
      ]),
    );
    expect(masked).toMatchObject({
      url: `https://u:${MASK}@api.example.com/v1?city=Oslo&api_key=${MASK}&token=${MASK}`,
      headers: [
        { key: 'Authorization', value: MASK },
        { key: 'X-Api-Key', value: MASK },
        { key: 'Accept', value: 'application/json' },
      ],
    });
    expect(hasSecrets(rest('https://api.example.com/'))).toBe(false);
  });
});

describe('restoring masked secrets on save', () => {
  const stored = sql('postgres://shop:s3cret@db.example.com/shop');

  test('the mask sent back for the same address keeps the stored password', () => {
    expect(connectionOf(restoreSecrets(maskSecrets(stored), stored))).toBe(
      'postgres://shop:s3cret@db.example.com/shop',
    );
  });

  test('a new password replaces the stored one', () => {
    const changed = sql('postgres://shop:new@db.example.com/shop');
    expect(connectionOf(restoreSecrets(changed, stored))).toBe('postgres://shop:new@db.example.com/shop');
  });

  test('the mask with another host is refused: the stored password never goes to a new address', () => {
    expect(() => restoreSecrets(sql(`postgres://shop:${MASK}@evil.example.com/shop`), stored)).toThrow(
      /Enter the connection string password again/,
    );
  });

  test('REST headers are kept only while the URL is the same', () => {
    const storedRest = rest('https://api.example.com/v1', [{ key: 'Authorization', value: 'Bearer abc' }]);
    const sameTarget = restoreSecrets(maskSecrets(storedRest), storedRest);
    expect(sameTarget).toMatchObject({ headers: [{ key: 'Authorization', value: 'Bearer abc' }] });
    const moved = rest('https://attacker.example/collect', [{ key: 'Authorization', value: MASK }]);
    expect(() => restoreSecrets(moved, storedRest)).toThrow(/Enter the header Authorization again/);
  });

  test('a mask with no stored secret is refused, so the mask itself is never stored as a password', () => {
    expect(() => restoreSecrets(sql(`postgres://shop:${MASK}@db/shop`), undefined)).toThrow(
      /There is no stored secret/,
    );
  });
});
