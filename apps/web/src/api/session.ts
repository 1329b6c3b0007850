import type { UserInfo } from '@parley/contracts';
import { useSyncExternalStore } from 'react';

/**
 * The saved login (spec 01 section 3): the token and the user info in localStorage, plus the
 * payment customer id that subscription screens store. Logout removes all three.
 */
export const STORAGE_KEYS = {
  token: 'parley.token',
  user: 'parley.user',
  paymentCustomerId: 'parley.paymentCustomerId',
} as const;

export interface Session {
  token: string | null;
  user: UserInfo | null;
}

const listeners = new Set<() => void>();
let current: Session = read();

function read(): Session {
  let user: UserInfo | null = null;
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.user);
    user = raw ? (JSON.parse(raw) as UserInfo) : null;
  } catch {
    user = null; // a damaged entry is as good as none: user info is loaded again from the server
  }
  return { token: localStorage.getItem(STORAGE_KEYS.token), user };
}

function publish() {
  current = read();
  for (const listener of listeners) listener();
}

// Another tab signing in or out changes this tab's session too.
window.addEventListener('storage', (event) => {
  if (event.key === null || Object.values(STORAGE_KEYS).includes(event.key as never)) publish();
});

export const getSession = (): Session => current;
export const getToken = (): string | null => current.token;

export function saveSession(token: string, user: UserInfo | null): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  if (user) localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  else localStorage.removeItem(STORAGE_KEYS.user);
  publish();
}

export function saveUser(user: UserInfo): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  publish();
}

/** Logout on this device: the token, the user data and the stored payment customer id go. */
export function clearSession(): void {
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
  publish();
}

/** Calls `listener` on every change of the saved login, in this tab or from another. */
export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeToSession, getSession);
}
