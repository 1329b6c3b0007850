/** TDS packet types the test server reads or writes. */
export const PACKET = {
  SQL_BATCH: 0x01,
  RPC: 0x03,
  TABULAR_RESULT: 0x04,
  ATTENTION: 0x06,
  LOGIN7: 0x10,
  PRELOGIN: 0x12,
} as const;

const HEADER_LENGTH = 8;
const END_OF_MESSAGE = 0x01;
const IGNORE = 0x02;

export interface TdsMessage {
  type: number;
  /** The client gave up on the message before sending all of it (IGNORE bit). */
  isIgnored: boolean;
  payload: Buffer;
}

/**
 * Cuts the byte stream from a client into messages. An ATTENTION packet stands alone and may
 * arrive while a response is still being written, so it is reported at once, not queued
 * behind the message being answered.
 */
export class MessageReader {
  private buffered = Buffer.alloc(0);
  private parts: Buffer[] = [];

  constructor(
    private readonly onMessage: (message: TdsMessage) => void,
    private readonly onAttention: () => void,
  ) {}

  push(chunk: Buffer): void {
    this.buffered = Buffer.concat([this.buffered, chunk]);
    while (this.buffered.length >= HEADER_LENGTH) {
      const length = this.buffered.readUInt16BE(2);
      if (length < HEADER_LENGTH) throw new Error(`A packet claims ${length} bytes`);
      if (this.buffered.length < length) return;
      const type = this.buffered[0] ?? 0;
      const status = this.buffered[1] ?? 0;
      const payload = this.buffered.subarray(HEADER_LENGTH, length);
      this.buffered = this.buffered.subarray(length);
      if (type === PACKET.ATTENTION) {
        this.onAttention();
        continue;
      }
      this.parts.push(payload);
      if (status & END_OF_MESSAGE) {
        const message = { type, isIgnored: (status & IGNORE) !== 0, payload: Buffer.concat(this.parts) };
        this.parts = [];
        this.onMessage(message);
      }
    }
  }
}

/** Splits one message into packets of at most `packetSize` bytes, header included. */
export function* packetsOf(type: number, payload: Buffer, packetSize: number): Generator<Buffer> {
  const room = packetSize - HEADER_LENGTH;
  let packetId = 1;
  let offset = 0;
  do {
    const part = payload.subarray(offset, offset + room);
    offset += part.length;
    yield packet(type, part, offset >= payload.length, packetId);
    packetId = (packetId + 1) % 256;
  } while (offset < payload.length);
}

export function packet(type: number, payload: Buffer, isLast: boolean, packetId = 1): Buffer {
  const header = Buffer.alloc(HEADER_LENGTH);
  header.writeUInt8(type, 0);
  header.writeUInt8(isLast ? END_OF_MESSAGE : 0, 1);
  header.writeUInt16BE(HEADER_LENGTH + payload.length, 2);
  header.writeUInt16BE(0, 4);
  header.writeUInt8(packetId, 6);
  return Buffer.concat([header, payload]);
}
