import net from 'node:net';
import type { TlsMode } from './connection-string';

const ENCRYPT_ON = 0x01;
const ENCRYPT_REQ = 0x03;

interface ConnectorOptions {
  tls: TlsMode;
  /** The address already checked for the connection string's host. */
  checkedAddress: string;
  /** Checks any other host tedious is sent to (throws when the network guard refuses it). */
  addressOf: (host: string) => Promise<string>;
}

/**
 * How tedious opens its connections for a function, closing two gaps it leaves:
 * - With encrypt: true, tedious still sends LOGIN7, password included, in clear when the
 *   server (or anyone in between) answers PRELOGIN without offering encryption. Here such an
 *   answer ends the connection before tedious can send the login, as Microsoft's drivers do.
 * - A routing ENVCHANGE (Azure SQL's redirect) makes tedious connect to a host the server
 *   names; that host passes the same network guard as the first.
 */
export function sqlServerConnector({ tls, checkedAddress, addressOf }: ConnectorOptions) {
  return async ({ host, port }: { host: string; port: number }, _lookup: unknown, signal: AbortSignal) => {
    const address = host === checkedAddress ? host : await addressOf(host);
    const socket = await connect(address, port, signal);
    if (tls !== 'off') refuseServerWithoutEncryption(socket);
    return socket;
  };
}

function connect(host: string, port: number, signal: AbortSignal): Promise<net.Socket> {
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    const settle = (error?: Error) => {
      signal.removeEventListener('abort', onAbort);
      socket.off('error', settle).off('connect', settle);
      if (!error) return resolve(socket);
      socket.destroy();
      reject(error);
    };
    const onAbort = () => settle(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    socket.once('error', settle).once('connect', () => settle());
  });
}

/**
 * Reads the server's first message, the PRELOGIN answer, before tedious does (this listener
 * is attached first) and drops the connection unless it offers encryption.
 */
function refuseServerWithoutEncryption(socket: net.Socket): void {
  let received = Buffer.alloc(0);
  const inspect = (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    if (received.length < 8 || received.length < received.readUInt16BE(2)) return;
    socket.off('data', inspect);
    const encryption = encryptionOption(received.subarray(8, received.readUInt16BE(2)));
    if (encryption !== ENCRYPT_ON && encryption !== ENCRYPT_REQ) {
      socket.destroy(
        new Error(
          'The server does not offer encryption, which the connection string requires; the login was not sent',
        ),
      );
    }
  };
  socket.on('data', inspect);
}

/** The ENCRYPTION option (token 1) of a PRELOGIN payload. */
function encryptionOption(payload: Buffer): number | undefined {
  for (let at = 0; at + 5 <= payload.length && payload[at] !== 0xff; at += 5) {
    if (payload[at] === 0x01) return payload[payload.readUInt16BE(at + 1)];
  }
  return undefined;
}
