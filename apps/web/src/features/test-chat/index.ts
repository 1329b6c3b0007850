export { ChatActivity } from './components/ChatActivity';
export { ChatConversation } from './components/ChatConversation';
export { TestChat } from './components/TestChat';
export { type ConversationChat, useConversationChat } from './hooks/use-conversation-chat';
export { TestChatOpenerProvider, type TestChatTarget, useTestChatOpener } from './test-chat-opener';
