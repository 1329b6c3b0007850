import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type BotTabProps, contentPath } from '../../bots';
import { type BotDialog, overlayRouteOf } from '../bot-overlays';

interface OverlayState {
  /** The element selected when the dialog opened, selected again when it closes unused. */
  returnTo?: string;
}

export interface BotDialogControl {
  /** The open dialog: the route's overlay pseudo-tab, or one the spec gives no route. */
  dialog: BotDialog | undefined;
  /** Opens a dialog through its pseudo-tab route; `element` names what it is for (create-object). */
  open: (dialog: BotDialog, element?: string) => void;
  /** Back to the tab under the dialog: on the created element, else on the one selected before. */
  close: (created?: string) => void;
}

/**
 * A tab's dialogs as routes (spec 02 section 2.1): the buttons go to the overlay pseudo-tab
 * (/bots/{bot}/create-intent...), closing goes back to the tab. A dialog without a pseudo-tab
 * in the spec (Import on Subs) stays local to the page.
 */
export function useBotDialog({ bot, element, listTab, dialog }: BotTabProps): BotDialogControl {
  const navigate = useNavigate();
  const location = useLocation();
  const [localDialog, setLocalDialog] = useState<BotDialog>();

  const open = (next: BotDialog, target?: string) => {
    const route = overlayRouteOf(listTab, next);
    if (route === undefined) setLocalDialog(next);
    else
      navigate(contentPath(bot.botName, route, target), {
        state: { returnTo: element } satisfies OverlayState,
      });
  };

  const close = (created?: string) => {
    if (dialog === undefined) {
      setLocalDialog(undefined);
      if (created !== undefined) navigate(contentPath(bot.botName, listTab, created));
      return;
    }
    const returnTo = (location.state as OverlayState | null)?.returnTo;
    navigate(contentPath(bot.botName, listTab, created ?? returnTo), { replace: true });
  };

  return { dialog: dialog ?? localDialog, open, close };
}
