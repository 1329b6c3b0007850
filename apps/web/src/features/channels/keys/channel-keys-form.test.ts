import { FACEBOOK_KEYS, TEAMS_KEYS, TWILIO_KEYS } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { formValuesOf, keysBodyOf } from './channel-keys-form';

describe('a platform keys form', () => {
  test('shows the answered keys as its inputs do, keys inside a list included', () => {
    const values = formValuesOf(FACEBOOK_KEYS, {
      appId: '42',
      appSecret: '••••••',
      pages: [{ id: '7', accessToken: '' }],
      callbackUrl: 'https://x/webhooks/facebook/abc',
    });
    expect(values).toEqual({
      appId: '42',
      appSecret: '••••••',
      'pages[0].id': '7',
      'pages[0].accessToken': '',
    });
  });

  test('sends numbers as numbers in the calls’ shape, and names each wrong field with the server’s message', () => {
    const values = formValuesOf(TWILIO_KEYS, { speechTimeout: 5, voice: 'alice' });
    expect(keysBodyOf(TWILIO_KEYS, { ...values, speechTimeout: '12' })).toMatchObject({
      body: { speechTimeout: 12, voice: 'alice' },
    });
    expect(keysBodyOf(FACEBOOK_KEYS, { appId: '1', 'pages[0].id': '9' })).toEqual({
      body: { appId: '1', pages: [{ id: '9' }] },
    });
    expect(keysBodyOf(TWILIO_KEYS, { ...values, speechTimeout: '61', smsNumber: '0800' })).toEqual({
      errors: {
        speechTimeout: 'Speech timeout (seconds) must be between 0 and 60.',
        smsNumber: 'A phone number is + and its digits (E.164).',
      },
    });
  });

  test('an empty key the action needs is named, a masked stored secret counts as filled', () => {
    const needed = { names: ['appId', 'appPassword'], purpose: 'enable Teams' };
    const empty = formValuesOf(TEAMS_KEYS, {});
    expect(keysBodyOf(TEAMS_KEYS, { ...empty, appId: '  ' }, needed)).toEqual({
      errors: {
        appId: 'Enter the Microsoft App ID to enable Teams.',
        appPassword: 'Enter the Microsoft App password to enable Teams.',
      },
    });
    const appId = '6f1c2d3e-1a2b-4c5d-8e9f-0123456789ab';
    expect(keysBodyOf(TEAMS_KEYS, { ...empty, appId, appPassword: '••••••' }, needed)).toMatchObject({
      body: { appId, appPassword: '••••••' },
    });
  });
});
