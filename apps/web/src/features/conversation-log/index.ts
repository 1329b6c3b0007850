export { ConversationLogPage } from './components/ConversationLogPage';
