/**
 * The websocket gateway's address and close codes, apart from the message schemas so a
 * browser that only connects does not load zod (schemas in websocket.ts).
 */
export const WEBSOCKET_APP_NAME = 'parley';
export const WEBSOCKET_PATH = '/ws';

/** GET /api/websocket-url. */
export interface WebsocketUrl {
  url: string;
}

/** Close codes the gateway uses (4000-4999 are the application's own). */
export const WEBSOCKET_CLOSE = {
  /** The session behind the socket ended (logout, expiry or the account was removed). */
  sessionEnded: 4401,
} as const;
