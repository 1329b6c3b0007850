export { ChatActivity } from './components/ChatActivity';
export { TestChat } from './components/TestChat';
