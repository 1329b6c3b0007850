import { describe, expect, test } from 'vitest';
import { mailServerOf } from './mail-servers';

describe('the operator’s mail servers and their TLS', () => {
  test.each([
    [
      'imaps://outlook.office365.com:993',
      'imap',
      { host: 'outlook.office365.com', port: 993, isImplicitTls: true, requiresStartTls: false },
    ],
    [
      'imaps://mail.example.com',
      'imap',
      { host: 'mail.example.com', port: 993, isImplicitTls: true, requiresStartTls: false },
    ],
    [
      'imap://mail.example.com',
      'imap',
      { host: 'mail.example.com', port: 143, isImplicitTls: false, requiresStartTls: true },
    ],
    [
      'imap://127.0.0.1:1143',
      'imap',
      { host: '127.0.0.1', port: 1143, isImplicitTls: false, requiresStartTls: false },
    ],
    [
      'imap://localhost:1143',
      'imap',
      { host: 'localhost', port: 1143, isImplicitTls: false, requiresStartTls: false },
    ],
    [
      'smtp://smtp.office365.com:587',
      'smtp',
      { host: 'smtp.office365.com', port: 587, isImplicitTls: false, requiresStartTls: true },
    ],
    [
      'smtps://smtp.example.com',
      'smtp',
      { host: 'smtp.example.com', port: 465, isImplicitTls: true, requiresStartTls: false },
    ],
    ['smtp://[::1]:2525', 'smtp', { host: '::1', port: 2525, isImplicitTls: false, requiresStartTls: false }],
  ] as const)('%s', (url, kind, server) => {
    expect(mailServerOf(url, kind)).toEqual(server);
  });

  test('another scheme is refused', () => {
    expect(() => mailServerOf('https://outlook.office365.com', 'imap')).toThrow(/imap:\/\/ or imaps:\/\//);
    expect(() => mailServerOf('imap://outlook.office365.com', 'smtp')).toThrow(/smtp:\/\//);
  });
});
