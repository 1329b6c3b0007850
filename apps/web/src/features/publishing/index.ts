/** Publishing a bot's NLU model: the hook other screens start a publish with, and the panel. */
export { type PublishBot, usePublishBot } from './hooks/use-publish-bot';
