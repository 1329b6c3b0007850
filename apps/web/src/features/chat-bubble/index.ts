/** What other features use of chat-bubble: they import it from here, never from its files. */
import { lazyNamed } from '../../app/lazy-named';

// The Chat Bubble tab is its own chunk, loaded when it opens (from the settings or the Features tab).
export const ChatBubbleTab = lazyNamed(() => import('./components/ChatBubbleTab'), 'ChatBubbleTab');
