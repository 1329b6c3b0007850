import { Cursor } from './wire';

const ENCRYPT_NOT_SUP = 0x02;

/**
 * The PRELOGIN answer: version 16.0, no TLS, no MARS. Option offsets and
 * lengths are big-endian here, unlike the rest of TDS.
 */
export function preloginResponse(): Buffer {
  const options: Array<[token: number, data: Buffer]> = [
    [0x00, Buffer.from([16, 0, 0x10, 0x00, 0, 0])],
    [0x01, Buffer.from([ENCRYPT_NOT_SUP])],
    [0x02, Buffer.from([0])],
    [0x04, Buffer.from([0])],
  ];
  const table = Buffer.alloc(options.length * 5 + 1);
  let dataOffset = table.length;
  options.forEach(([token, data], index) => {
    table.writeUInt8(token, index * 5);
    table.writeUInt16BE(dataOffset, index * 5 + 1);
    table.writeUInt16BE(data.length, index * 5 + 3);
    dataOffset += data.length;
  });
  table.writeUInt8(0xff, options.length * 5);
  return Buffer.concat([table, ...options.map(([, data]) => data)]);
}

export interface Login {
  tdsVersion: number;
  packetSize: number;
  userName: string;
  password: string;
  appName: string;
  database: string;
}

/** Reads the fields of LOGIN7 the test server checks. */
export function readLogin7(payload: Buffer): Login {
  const fixed = new Cursor(payload);
  const text = (at: number) => {
    const offset = payload.readUInt16LE(at);
    const length = payload.readUInt16LE(at + 2);
    return new Cursor(payload, offset).bytes(length * 2);
  };
  fixed.offset = 4;
  const tdsVersion = fixed.u32();
  const packetSize = fixed.u32();
  return {
    tdsVersion,
    packetSize,
    userName: text(40).toString('utf16le'),
    password: unscramble(text(44)).toString('utf16le'),
    appName: text(48).toString('utf16le'),
    database: text(68).toString('utf16le'),
  };
}

/** The client swaps each byte's nibbles and XORs it with 0xA5; undone in reverse order. */
function unscramble(bytes: Buffer): Buffer {
  return Buffer.from(
    bytes.map((byte) => {
      const plain = byte ^ 0xa5;
      return ((plain & 0x0f) << 4) | (plain >> 4);
    }),
  );
}
