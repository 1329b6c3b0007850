/** What other features use of bot-content: they import it from here, never from its files. */
// The content styles come with the index: other features' lists reuse them (.item-list, badges).
import './components/content.css';

export { fieldErrorOf, savingWith, showFailure } from '../../api/server-error';
export { intentFlowPath, subFlowPath } from './api/flow-api';
export { BOT_OVERLAYS, type BotDialog } from './bot-overlays';
export { ContentLayout } from './components/ContentLayout';
export { EditableText } from './components/EditableText';
export { ExampleInput } from './components/ExampleInput';
export { type FlowTarget, FlowVersions } from './components/FlowVersions';
export { FieldGroup, TextAreaField } from './components/FormField';
export { HighlightedExample } from './components/HighlightedExample';
export { ImportContentModal } from './components/ImportContentModal';
export { ItemList, type ListItem } from './components/ItemList';
export { contentPermissions } from './content-permissions';
export { CONTENT_KEYS } from './hooks/content-query-keys';
export { useBotDialog } from './hooks/use-bot-dialog';
export { useEntities, useIntent, useIntents } from './hooks/use-content-queries';
export { useContentRefresh } from './hooks/use-content-refresh';
export { useRouteFallback } from './hooks/use-route-fallback';
export { nameRefusalOf } from './name-refusal';
export { placeholderEntitiesOf } from './placeholder-entities';
