import { describe, expect, it } from 'vitest';
import { loginPathFor, pathAfterLogin } from './after-login';

describe('after sign-in', () => {
  it('returns to a mailed link after sign-in; an ended session starts again at the overview', () => {
    expect(loginPathFor({ pathname: '/bots', search: '' })).toBe('/login');
    expect(loginPathFor({ pathname: '/configuration/general', search: '' })).toBe('/login');
    expect(loginPathFor({ pathname: '/join', search: '?token=a b' })).toBe(
      '/login?next=%2Fjoin%3Ftoken%3Da%20b',
    );
    expect(pathAfterLogin('/join?token=abc')).toBe('/join?token=abc');
  });

  it('never leaves the site or loops to the login', () => {
    for (const next of [
      null,
      '',
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      '/login?next=/x',
    ])
      expect(pathAfterLogin(next), String(next)).toBe('/bots');
  });
});
