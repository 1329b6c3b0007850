import { functionRights } from '../functions';
import { variablePermissions } from '../variables';
import { contentPermissions } from './content-permissions';

/** The dialogs a tab opens over its content. */
export type BotDialog = 'create' | 'import' | 'batch-import';

/** An overlay pseudo-tab: a route value that shows a tab with one of its dialogs open. */
export interface BotOverlay {
  /** The route value under the dialog, where closing it leads: a tab id or a view ('redirect'). */
  listTab: string;
  dialog: BotDialog;
  /** Whether the caller may open the dialog; without it the route falls back to listTab. */
  isPermitted: (permissions: readonly number[]) => boolean;
}

const manageIntents = (p: readonly number[]) => contentPermissions(p).canManageIntents;
const manageEntities = (p: readonly number[]) => contentPermissions(p).canManageEntities;

/** The overlay pseudo-tabs of spec 02 section 2.1, declared once for every tab. */
export const BOT_OVERLAYS: Readonly<Record<string, BotOverlay>> = {
  'create-intent': { listTab: 'intents', dialog: 'create', isPermitted: manageIntents },
  'create-intent-redirect': { listTab: 'redirect', dialog: 'create', isPermitted: manageIntents },
  'import-intent': { listTab: 'intents', dialog: 'import', isPermitted: manageIntents },
  'batch-import-intents': { listTab: 'intents', dialog: 'batch-import', isPermitted: manageIntents },
  'create-entity': { listTab: 'entities', dialog: 'create', isPermitted: manageEntities },
  'import-entity': { listTab: 'entities', dialog: 'import', isPermitted: manageEntities },
  'create-function': {
    listTab: 'functions',
    dialog: 'create',
    isPermitted: (p) => functionRights('functions', p).canManage,
  },
  'import-function': {
    listTab: 'functions',
    dialog: 'import',
    isPermitted: (p) => functionRights('functions', p).canManage,
  },
  'create-subs': {
    listTab: 'subs',
    dialog: 'create',
    isPermitted: (p) => functionRights('subs', p).canManage,
  },
  // Its element is the new object's name (the name the Objects section's Add takes).
  'create-object': {
    listTab: 'variables',
    dialog: 'create',
    isPermitted: (p) => variablePermissions(p).canManage,
  },
};

/** The pseudo-tab that opens this dialog over this list, if the spec has one. */
export function overlayRouteOf(listTab: string, dialog: BotDialog): string | undefined {
  return Object.keys(BOT_OVERLAYS).find((value) => {
    const overlay = BOT_OVERLAYS[value];
    return overlay?.listTab === listTab && overlay.dialog === dialog;
  });
}
