import { describe, expect, test } from 'vitest';
import { newPartOfMailText, replySubjectOf, subjectWithoutPrefixes } from './mail-reply-text';

describe('what a user newly wrote in a mail', () => {
  test.each([
    ['plain text', 'hello', 'hello'],
    ['CRLF lines and blank runs', 'Hi,\r\n\r\n\r\n\r\nmy order is late.\r\n', 'Hi,\n\nmy order is late.'],
    [
      'a Gmail quote',
      'bye\n\nOn Fri, 27 Nov 2026 at 10:00, Support <s@b.c> wrote:\n> Hello!\n> How can I help?',
      'bye',
    ],
    [
      'a wrapped Gmail quote',
      'yes\n\nOn Fri, 27 Nov 2026 at 10:00, Support Team of the Big Company\n<s@b.c> wrote:\n> Hello!',
      'yes',
    ],
    ['an Outlook original message', '2\n\n-----Original Message-----\nFrom: Support\nhello', '2'],
    [
      'an Outlook header block',
      'thanks\n\nFrom: Support <s@b.c>\nSent: Friday, 27 November 2026 10:00\nTo: me',
      'thanks',
    ],
    ['an Outlook rule', 'ok\n________________________________\nFrom: Support', 'ok'],
    ['a signature', '1\n\n-- \nCasey Customer\nACME Ltd', '1'],
    ['a phone sign-off', 'hello\n\nSent from my iPhone', 'hello'],
    ['quoted lines between', 'first\n> quoted\nsecond', 'first\nsecond'],
    ['a From: the user wrote themselves', 'From: my side it works now', 'From: my side it works now'],
    ['only a quote', '> hello', ''],
  ])('%s', (_name, body, expected) => {
    expect(newPartOfMailText(body)).toBe(expected);
  });
});

describe('subjects', () => {
  test.each([
    ['Question', 'Question', 'Re: Question'],
    ['Re: Question', 'Question', 'Re: Question'],
    ['RE: Re: Fwd: Question', 'Question', 'Re: Question'],
    ['AW: SV: Frage', 'Frage', 'Re: Frage'],
    ['Re[2]: Question', 'Question', 'Re: Question'],
    ['', '', 'Re:'],
  ])('%j', (subject, topic, reply) => {
    expect(subjectWithoutPrefixes(subject)).toBe(topic);
    expect(replySubjectOf(subject)).toBe(reply);
  });
});
