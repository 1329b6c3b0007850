import { createContext, type ReactNode, useContext } from 'react';

/** What the test chat is opened for: the bot's flows, or one sub flow's latest saved version. */
export interface TestChatTarget {
  subFlow?: string;
}

/**
 * Opens the bot page's test chat from anywhere inside the page (Test Sub Flow on the Functions
 * tab). Undefined outside a bot page, or for someone without the Test bot permission.
 */
const TestChatOpenerContext = createContext<((target: TestChatTarget) => void) | undefined>(undefined);

export function TestChatOpenerProvider({
  open,
  children,
}: {
  open: ((target: TestChatTarget) => void) | undefined;
  children: ReactNode;
}) {
  return <TestChatOpenerContext.Provider value={open}>{children}</TestChatOpenerContext.Provider>;
}

export const useTestChatOpener = () => useContext(TestChatOpenerContext);
