/** What other features use of chat-bubble: they import it from here, never from its files. */
import { lazy } from 'react';

// The Chat Bubble tab is its own chunk, loaded when it opens (from the settings or the Features tab).
export const ChatBubbleTab = lazy(async () => ({
  default: (await import('./components/ChatBubbleTab')).ChatBubbleTab,
}));
