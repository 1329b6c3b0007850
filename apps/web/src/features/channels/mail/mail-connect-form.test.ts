import { MAIL_CHANNEL_MESSAGES } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { mailConnectBodyOf } from './mail-connect-form';

describe('the mail connect form', () => {
  test('an address and a password make the body (the address trimmed, the password as typed)', () => {
    expect(mailConnectBodyOf({ emailAddress: ' bot@example.com ', password: ' secret ' })).toEqual({
      body: { emailAddress: 'bot@example.com', password: ' secret ' },
    });
  });

  test.each([
    [
      { emailAddress: '', password: '' },
      {
        emailAddress: MAIL_CHANNEL_MESSAGES.addressRequired,
        password: MAIL_CHANNEL_MESSAGES.passwordRequired,
      },
    ],
    [{ emailAddress: 'bot', password: 'x' }, { emailAddress: MAIL_CHANNEL_MESSAGES.addressInvalid }],
    [{ emailAddress: 'bot@example.com', password: '' }, { password: MAIL_CHANNEL_MESSAGES.passwordRequired }],
  ])('%j is refused with its messages', (values, errors) => {
    expect(mailConnectBodyOf(values)).toEqual({ errors });
  });
});
