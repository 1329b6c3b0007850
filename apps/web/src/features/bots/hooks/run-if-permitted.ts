import { MESSAGES } from '@parley/contracts';
import { popup } from '../../../ui';

/**
 * Runs an action only with the permission it needs; without it the spec's warning shows
 * ('You do not have permission to do that!', spec 02 section 6). Controls are hidden without
 * the right too; this is the net for an action reached anyway, e.g. from a menu opened before
 * the caller's role changed.
 */
export function runIfPermitted(isPermitted: boolean, action: () => void): void {
  if (isPermitted) action();
  else void popup.warning({ title: MESSAGES.permissionDenied });
}
