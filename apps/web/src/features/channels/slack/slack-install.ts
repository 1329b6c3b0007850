import type { ChannelKeysAnswer } from '../keys/channel-keys-api';

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Spec 04 section 7.1: after a save, the install page (redirectAction) is opened when the keys
 * answer one and the app still needs installing: not installed yet, or another app's client ID.
 */
export function installToOpen(saved: ChannelKeysAnswer, clientIdBefore: string): string | undefined {
  const install = textOf(saved.redirectAction);
  const isInstalled = textOf(saved.teamName) !== '';
  const isAnotherApp = textOf(saved.clientId) !== clientIdBefore;
  return install !== '' && (!isInstalled || isAnotherApp) ? install : undefined;
}
