/** Every bot permission of the product, declared once; ids are stored and never renumbered. */
export const PERMISSIONS = [
  { id: 1, key: 'ExportBots', label: 'Export bots' },
  { id: 2, key: 'DeleteBot', label: 'Delete bot' },
  { id: 3, key: 'ManageBotPermissions', label: 'Manage bot permissions' },
  { id: 5, key: 'UseDashboardWidgets', label: 'Use bot dashboard widgets' },
  { id: 6, key: 'SeeConversationLog', label: 'See conversation log' },
  { id: 7, key: 'ExportLogs', label: 'Export logs' },
  { id: 8, key: 'ManageIntents', label: 'Manage intents' },
  { id: 9, key: 'ManageEntities', label: 'Manage entities' },
  { id: 10, key: 'ExportIntents', label: 'Export intents' },
  { id: 11, key: 'PublishIntentsAndEntities', label: 'Publish intents and entities' },
  { id: 12, key: 'ManageFunctions', label: 'Manage functions' },
  { id: 13, key: 'ManageSubflows', label: 'Manage subflows' },
  { id: 15, key: 'ManageVariablesAndObjects', label: 'Manage variables and objects' },
  { id: 17, key: 'ManageGeneralSettings', label: 'Manage general settings' },
  { id: 18, key: 'ManageDashboardWidgets', label: 'Manage dashboard widgets' },
  { id: 19, key: 'ManageChatBubbles', label: 'Manage chat bubbles' },
  { id: 20, key: 'ManageChannels', label: 'Manage channels' },
  { id: 21, key: 'ManageEngines', label: 'Manage engines' },
  { id: 22, key: 'ManageConnections', label: 'Manage connections' },
  { id: 23, key: 'ManageGdprSettings', label: 'Manage GDPR settings' },
  { id: 24, key: 'ImportExportFlows', label: 'Import and export flows' },
  { id: 25, key: 'ManageFlows', label: 'Manage flows' },
  { id: 27, key: 'TestBot', label: 'Test bot' },
  { id: 28, key: 'ManageTestChatLink', label: 'Manage test chat link' },
  { id: 29, key: 'ManageApiKeys', label: 'Manage API keys' },
  { id: 30, key: 'PublishFlowsToTest', label: 'Publish flows to test' },
  { id: 31, key: 'PublishFlowsToProduction', label: 'Publish flows to production' },
  { id: 32, key: 'ManageHandoverSettings', label: 'Manage handover settings' },
  { id: 33, key: 'ManageNluMeasuring', label: 'Manage NLU performance measuring' },
  { id: 34, key: 'RunNluTests', label: 'Run NLU performance tests' },
  { id: 40, key: 'ExportEntities', label: 'Export entities' },
  { id: 41, key: 'ExportSubs', label: 'Export subs' },
  { id: 42, key: 'ExportFunctions', label: 'Export functions' },
  { id: 43, key: 'MakeGlobal', label: 'Make functions or variables global' },
  { id: 50, key: 'ManageBotLlms', label: 'Manage bot LLMs' },
  { id: 51, key: 'ExportBotLlms', label: 'Export bot LLMs' },
  { id: 60, key: 'AnswerHandovers', label: 'Answer handed-over conversations' },
] as const;

export type PermissionKey = (typeof PERMISSIONS)[number]['key'];
export type PermissionId = (typeof PERMISSIONS)[number]['id'];

/** `Permission.DeleteBot === 2`: readable names for the numeric ids. */
export const Permission = Object.fromEntries(PERMISSIONS.map((p) => [p.key, p.id])) as {
  [P in (typeof PERMISSIONS)[number] as P['key']]: P['id'];
};

export const ALL_PERMISSION_IDS: readonly PermissionId[] = PERMISSIONS.map((p) => p.id);

const byId = new Map<number, (typeof PERMISSIONS)[number]>(PERMISSIONS.map((p) => [p.id, p]));

export function isPermissionId(value: unknown): value is PermissionId {
  return typeof value === 'number' && byId.has(value);
}

export function permissionLabel(id: number): string {
  return byId.get(id)?.label ?? `#${id}`;
}
