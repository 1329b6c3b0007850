const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Local-only routes (the style guide) exist only when the app is served from this machine. */
export function isLocalHost(hostname: string = window.location.hostname): boolean {
  return LOCAL_HOSTS.has(hostname);
}
