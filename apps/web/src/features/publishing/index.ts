/** Publishing a bot's NLU model: the hook other screens start a publish with, and the panel. */

export { PublishButton } from './components/PublishButton';
export { PublishingPanel } from './components/PublishingPanel';
export { type PublishBot, usePublishBot } from './hooks/use-publish-bot';
export { isAnySyncActive, useSyncStatus } from './hooks/use-sync-status';
