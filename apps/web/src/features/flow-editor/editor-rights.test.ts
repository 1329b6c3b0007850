import { Permission } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { editorRights } from './editor-rights';

describe('editor rights (spec 03 section 6)', () => {
  it('a designer with ManageFlows edits blocks and saves, but neither resets, exports nor activates', () => {
    expect(editorRights([Permission.ManageFlows], 'intents')).toEqual({
      canManageIntents: false,
      canEditTexts: true,
      canSave: true,
      canImportExport: false,
      canActivateToTest: false,
      canActivateToProduction: false,
      canManageLlms: false,
      canDownloadFiles: true,
    });
  });

  it('ManageIntents alone resets, clears and saves; block settings stay read-only', () => {
    const rights = editorRights([Permission.ManageIntents], 'intents');
    expect(rights).toMatchObject({ canManageIntents: true, canEditTexts: false, canSave: true });
  });

  it('the publish rights activate to test and to every channel; functions mode has no test activation', () => {
    const both = [Permission.PublishFlowsToTest, Permission.PublishFlowsToProduction];
    expect(editorRights(both, 'intents')).toMatchObject({
      canActivateToTest: true,
      canActivateToProduction: true,
    });
    expect(editorRights(both, 'functions')).toMatchObject({
      canActivateToTest: false,
      canActivateToProduction: true,
    });
  });

  it('a sub flow is saved with ManageSubflows only, as the server asks', () => {
    expect(editorRights([Permission.ManageFlows], 'functions').canSave).toBe(false);
    expect(editorRights([Permission.ManageSubflows], 'functions')).toMatchObject({
      canSave: true,
      canManageIntents: true,
      canEditTexts: true,
    });
  });

  it('export and import need ImportExportFlows; LLM settings need ManageBotLlms', () => {
    expect(editorRights([Permission.ImportExportFlows], 'intents').canImportExport).toBe(true);
    expect(editorRights([Permission.ManageBotLlms], 'intents').canManageLlms).toBe(true);
    expect(editorRights([], 'intents')).toMatchObject({ canSave: false, canImportExport: false });
  });
});
