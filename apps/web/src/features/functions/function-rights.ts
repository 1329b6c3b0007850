import { Permission } from '@parley/contracts';

/** Which tab: functions, or sub flows (type flow). */
export type FunctionsMode = 'functions' | 'subs';

/** What the caller may do in a tab (spec 02 section 6). */
export interface FunctionRights {
  canManage: boolean;
  canExport: boolean;
  /** The Global toggle (spec 'ManageGlobalBotData'). */
  canMakeGlobal: boolean;
  /** Publish to live of a sub flow's flow (spec 03 section 6: PublishFlowsPrd). */
  canPublishFlows: boolean;
}

export function functionRights(mode: FunctionsMode, permissions: readonly number[]): FunctionRights {
  const has = (id: number) => permissions.includes(id);
  return {
    canManage: has(mode === 'subs' ? Permission.ManageSubflows : Permission.ManageFunctions),
    canExport: has(mode === 'subs' ? Permission.ExportSubs : Permission.ExportFunctions),
    canMakeGlobal: has(Permission.MakeGlobal),
    canPublishFlows: has(Permission.PublishFlowsToProduction),
  };
}
