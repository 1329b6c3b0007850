import { describe, expect, test } from 'vitest';
import { parseRobots } from './robots-rules';

const allowed = (robots: string, path: string, agent = 'ParleyBot/1.0') =>
  parseRobots(robots, agent).isAllowed(new URL(path, 'https://site.test'));

describe('parseRobots', () => {
  const robots = [
    'User-agent: *',
    'Disallow: /private/',
    'Allow: /private/open.html',
    'Disallow: /*.pdf$',
    'Disallow: /search?',
    '',
    'User-agent: OtherBot',
    'Disallow: /',
  ].join('\n');

  test('the longest matching rule decides, allow winning a tie; no rule allows', () => {
    expect(allowed(robots, '/')).toBe(true);
    expect(allowed(robots, '/private/secret.html')).toBe(false);
    expect(allowed(robots, '/private/open.html')).toBe(true);
    expect(allowed(robots, '/search?q=x')).toBe(false);
    expect(allowed(robots, '/search')).toBe(true);
    expect(allowed('User-agent: *\nDisallow: /a\nAllow: /a', '/a')).toBe(true);
  });

  test('* matches any run and $ the end', () => {
    expect(allowed(robots, '/files/report.pdf')).toBe(false);
    expect(allowed(robots, '/files/report.pdf?x=1')).toBe(true);
    expect(allowed('User-agent: *\nDisallow: /*/drafts/*.md', '/a/b/drafts/x.md')).toBe(false);
  });

  test('a group naming the crawler replaces the * group; robots.txt itself stays readable', () => {
    expect(allowed(robots, '/', 'OtherBot')).toBe(false);
    expect(allowed(robots, '/robots.txt', 'OtherBot')).toBe(true);
    expect(allowed('User-agent: parleybot\nUser-agent: x\nDisallow: /x', '/x/y')).toBe(false);
  });

  test('an empty Disallow, comments and junk lines allow everything', () => {
    expect(allowed('# hello\nUser-agent: *\nDisallow:\nnonsense line', '/anything')).toBe(true);
    expect(allowed('', '/anything')).toBe(true);
  });
});
