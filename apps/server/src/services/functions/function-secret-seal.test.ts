import { describe, expect, it } from 'vitest';
import { createSecretSeal } from './function-secret-seal';

const SECRET = 'a-server-secret-of-more-than-32-characters';

describe('function secret seal', () => {
  it('seals a secret so that only the same server secret opens it', () => {
    const seal = createSecretSeal(SECRET);
    const sealed = seal.seal('s3cret-pw');
    expect(sealed).toMatch(/^sealed1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toBe(seal.seal('s3cret-pw'));
    expect(seal.open(sealed)).toBe('s3cret-pw');
    expect(seal.seal(sealed)).toBe(sealed);
  });

  it('reads a secret sealed under another server secret as empty, and says so', () => {
    const other = createSecretSeal(`${SECRET}-rotated`);
    let unreadable = 0;
    other.whenUnreadable(() => unreadable++);
    expect(other.open(createSecretSeal(SECRET).seal('tok-123'))).toBe('');
    expect(other.open('sealed1.not-base64-at-all!')).toBe('');
    expect(unreadable).toBe(2);
    expect(other.open('plain, stored before sealing')).toBe('plain, stored before sealing');
  });

  it('seals only the secrets of a definition, where function-secrets.ts says they are', () => {
    const { codec } = createSecretSeal(SECRET);
    const fields = {
      url: 'https://user:pw@api.example.com/v1?city=Oslo&api_key=k-1',
      headers: [
        { key: 'Authorization', value: 'Bearer tok-123' },
        { key: 'Accept', value: 'application/json' },
      ],
      formData: [],
    };
    const sealed = codec.seal('rest', fields);
    const text = JSON.stringify(sealed);
    expect(text).not.toMatch(/tok-123|k-1|:pw@/);
    expect(text).toContain('city=Oslo');
    expect(text).toContain('application/json');
    expect(codec.open('rest', sealed)).toEqual(fields);
    expect(codec.seal('code', { code: 'return 1' })).toEqual({ code: 'return 1' });
  });
});
