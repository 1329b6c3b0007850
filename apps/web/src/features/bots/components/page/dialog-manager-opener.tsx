import { createContext, type ReactNode, useContext } from 'react';
import type { EditorMode } from '../../../flow-editor';

/** What the Dialog Manager opens on: a mode, and the flow to show first. */
export interface DialogManagerTarget {
  mode: EditorMode;
  item?: string;
}

/**
 * Opens the bot page's Dialog Manager from inside the page (Edit Sub Flow on the Subs tab).
 * Undefined outside a bot page, or for someone who may not open the editor. Kept apart from the
 * editor so that providing it does not load bpmn-js.
 */
const DialogManagerOpenerContext = createContext<((target: DialogManagerTarget) => void) | undefined>(
  undefined,
);

export function DialogManagerOpenerProvider({
  open,
  children,
}: {
  open: ((target: DialogManagerTarget) => void) | undefined;
  children: ReactNode;
}) {
  return <DialogManagerOpenerContext.Provider value={open}>{children}</DialogManagerOpenerContext.Provider>;
}

export const useDialogManagerOpener = () => useContext(DialogManagerOpenerContext);
