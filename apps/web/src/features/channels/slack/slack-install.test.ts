import { describe, expect, test } from 'vitest';
import { installToOpen } from './slack-install';

const install = 'https://slack.com/oauth/v2/authorize?client_id=1.2&state=s';
const redirectUrl = 'https://parley.example/webhooks/slack/oauth/abc';

describe("opening 'Add to Slack' after a save", () => {
  test('opens while the app is not installed', () => {
    expect(
      installToOpen(
        { clientId: '1.2', redirectAction: install, teamName: '' },
        { clientId: '', redirectUrl },
      ),
    ).toBe(install);
  });
  test('stays put once installed, unless the client ID names another app', () => {
    const before = { clientId: '1.2', redirectUrl };
    expect(
      installToOpen({ clientId: '1.2', redirectAction: install, teamName: 'Acme' }, before),
    ).toBeUndefined();
    expect(installToOpen({ clientId: '3.4', redirectAction: install, teamName: 'Acme' }, before)).toBe(
      install,
    );
  });
  test('not on the first save: the URLs it shows must reach the Slack app first', () => {
    expect(
      installToOpen(
        { clientId: '1.2', redirectAction: install, teamName: '' },
        { clientId: '', redirectUrl: '' },
      ),
    ).toBeUndefined();
    expect(
      installToOpen({ clientId: '1.2', redirectAction: install, teamName: '' }, undefined),
    ).toBeUndefined();
  });
  test('has nothing to open before the client ID and secret are saved', () => {
    expect(
      installToOpen({ clientId: '', redirectAction: '', teamName: '' }, { redirectUrl }),
    ).toBeUndefined();
  });
});
