import { Permission } from '@parley/contracts';
import type { EditorMode } from './flow-owner';

/** What the caller may do in the editor (spec 03 section 6), from the bot permissions. */
export interface EditorRights {
  /** Reset and Clear; with canEditTexts, Save and the unsaved-changes prompts. */
  canManageIntents: boolean;
  /** ManageFlowsInDialogManager: block configuration inputs and the right to change texts. */
  canEditTexts: boolean;
  canSave: boolean;
  canImportExport: boolean;
  canActivateToTest: boolean;
  canActivateToProduction: boolean;
  canManageLlms: boolean;
  /** Downloading a block's uploaded file needs ManageFlows itself (spec 03 section 6). */
  canDownloadFiles: boolean;
}

export function editorRights(permissions: readonly number[], mode: EditorMode): EditorRights {
  const has = (id: number) => permissions.includes(id);
  // Sub flows are the functions' own: their right to manage stands for ManageIntents there.
  const canManageIntents =
    mode === 'intents' ? has(Permission.ManageIntents) : has(Permission.ManageSubflows);
  const canEditTexts =
    has(Permission.ManageFlows) || (mode === 'functions' && has(Permission.ManageSubflows));
  return {
    canManageIntents,
    canEditTexts,
    // The server's rule: an intent's flow with ManageIntents or ManageFlows, a sub flow with ManageSubflows.
    canSave: mode === 'intents' ? canManageIntents || canEditTexts : has(Permission.ManageSubflows),
    canImportExport: has(Permission.ImportExportFlows),
    canActivateToTest: mode === 'intents' && has(Permission.PublishFlowsToTest),
    canActivateToProduction: has(Permission.PublishFlowsToProduction),
    canManageLlms: has(Permission.ManageBotLlms),
    canDownloadFiles: has(Permission.ManageFlows),
  };
}
