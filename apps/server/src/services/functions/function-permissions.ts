import { type FunctionType, isSubFlowType, Permission, permissionDenied } from '@parley/contracts';
import type { BotFunctions } from './function-content';

/**
 * The routes accept either permission of a pair; which one a call needs depends on the type of
 * the function it touches (spec 02 section 6): sub flows need the sub flow permission.
 */
function require(fns: BotFunctions, permission: number): void {
  if (!fns.permissions.includes(permission)) throw permissionDenied(permission);
}

const managePermission = (type: FunctionType) =>
  isSubFlowType(type) ? Permission.ManageSubflows : Permission.ManageFunctions;

/** Whether the caller holds ManageFunctions, or ManageSubflows for a sub flow. */
export const mayManage = (fns: BotFunctions, type: FunctionType) =>
  fns.permissions.includes(managePermission(type));

/** ManageFunctions, or ManageSubflows for a sub flow. */
export const requireManage = (fns: BotFunctions, type: FunctionType) => require(fns, managePermission(type));

/** ExportFunctions, or ExportSubs for a sub flow. */
export const requireExport = (fns: BotFunctions, type: FunctionType) =>
  require(fns, isSubFlowType(type) ? Permission.ExportSubs : Permission.ExportFunctions);

/** The Global toggle, and changes that reach every bot of the account (spec 'ManageGlobalBotData'). */
export const requireMakeGlobal = (fns: BotFunctions) => require(fns, Permission.MakeGlobal);
