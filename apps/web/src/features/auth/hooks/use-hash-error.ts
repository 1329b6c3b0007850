import { ERROR_CATALOGUE, type ErrorCode } from '@parley/contracts';
import { useState } from 'react';

export interface HashError {
  code: string;
  /** The server's own words, when it sent them; else the catalogue's text for the code. */
  message: string;
}

/**
 * A directory flow that failed comes back with `#error=CODE` (and, from the sign-up,
 * `&message=...`). Read once, then wiped from the address bar.
 */
export function useHashError(): HashError | undefined {
  const [found] = useState(() => {
    const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
    const code = params.get('error');
    if (!code) return undefined;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    const known = ERROR_CATALOGUE[code as ErrorCode] as { message: string } | undefined;
    return { code, message: params.get('message') ?? known?.message ?? code };
  });
  return found;
}
