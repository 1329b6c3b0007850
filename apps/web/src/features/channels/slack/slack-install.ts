import type { ChannelKeysAnswer } from '../keys/channel-keys-api';

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Spec 04 section 7.1: after a save, the install page (redirectAction) is opened when the keys
 * answer one and the app still needs installing (not installed yet, or another app's client ID).
 * Not on the save that first shows the URLs: Slack refuses the install until its app has the
 * Redirect URL, so the user copies the URLs first and then presses 'Add to Slack'.
 */
export function installToOpen(
  saved: ChannelKeysAnswer,
  before: ChannelKeysAnswer | undefined,
): string | undefined {
  const install = textOf(saved.redirectAction);
  const wereUrlsShown = textOf(before?.redirectUrl) !== '';
  const isInstalled = textOf(saved.teamName) !== '';
  const isAnotherApp = textOf(saved.clientId) !== textOf(before?.clientId);
  return install !== '' && wereUrlsShown && (!isInstalled || isAnotherApp) ? install : undefined;
}
