import { WEBSOCKET_PATH } from '@parley/contracts';

/** ws(s)://host[/base]/ws from PUBLIC_URL: the address browsers can reach. */
export function websocketUrl(publicUrl: string): string {
  const url = new URL(publicUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${WEBSOCKET_PATH}`;
  url.search = '';
  url.hash = '';
  return url.toString();
}
