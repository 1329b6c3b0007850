/** What other features use of bots: they import it from here, never from its files. */
export { deleteBot, downloadMessageHistory, fetchBotPermissions } from './api/bots-api';
export { EngineMark } from './components/engines/EngineMark';
export { ExportBotDialog } from './components/export/ExportBotDialog';
export { type BotCardAction, BotCardMenu } from './components/overview/BotCardMenu';
export type { BotTabProps } from './components/page/bot-tabs';
export { useDialogManagerOpener } from './components/page/dialog-manager-opener';
export { botApiPath, botsApiPath, contentPath } from './content-paths';
export { BOT_KEYS } from './hooks/bot-query-keys';
export { runIfPermitted } from './hooks/run-if-permitted';
export { prefetchBotPage, useBot, useBotPermissionIds, useBots } from './hooks/use-bots';
export { useBotRemoval } from './hooks/use-delete-bot';
export { permissionsOnBot } from './hooks/use-overview-permissions';
export { useCanImportExport } from './hooks/use-tenant-plan';
