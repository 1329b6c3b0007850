import { describe, expect, test } from 'vitest';
import { installToOpen } from './slack-install';

const install = 'https://slack.com/oauth/v2/authorize?client_id=1.2&state=s';

describe("opening 'Add to Slack' after a save", () => {
  test('opens while the app is not installed', () => {
    expect(installToOpen({ clientId: '1.2', redirectAction: install, teamName: '' }, '1.2')).toBe(install);
  });
  test('stays put once installed, unless the client ID names another app', () => {
    expect(
      installToOpen({ clientId: '1.2', redirectAction: install, teamName: 'Acme' }, '1.2'),
    ).toBeUndefined();
    expect(installToOpen({ clientId: '3.4', redirectAction: install, teamName: 'Acme' }, '1.2')).toBe(
      install,
    );
  });
  test('has nothing to open before the client ID and secret are saved', () => {
    expect(installToOpen({ clientId: '', redirectAction: '', teamName: '' }, '')).toBeUndefined();
  });
});
