/** Reads little-endian TDS fields one after another; running past the end throws. */
export class Cursor {
  constructor(
    readonly buffer: Buffer,
    public offset = 0,
  ) {}

  get isAtEnd(): boolean {
    return this.offset >= this.buffer.length;
  }

  bytes(length: number): Buffer {
    if (this.offset + length > this.buffer.length) throw new RangeError('The message ends early');
    const part = this.buffer.subarray(this.offset, this.offset + length);
    this.offset += length;
    return part;
  }

  u8 = () => this.bytes(1).readUInt8(0);
  u16 = () => this.bytes(2).readUInt16LE(0);
  u32 = () => this.bytes(4).readUInt32LE(0);
  uintOf = (length: number) => this.bytes(length).readUIntLE(0, length);
  /** B_VARCHAR: a one-byte count of UTF-16 units, then the text. */
  bVarChar = () => this.bytes(this.u8() * 2).toString('utf16le');
  /** US_VARCHAR: a two-byte count of UTF-16 units, then the text. */
  usVarChar = () => this.bytes(this.u16() * 2).toString('utf16le');
}

export const u8 = (value: number) => Buffer.from([value]);

export function u16(value: number): Buffer {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16LE(value);
  return buffer;
}

export function u32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value);
  return buffer;
}

export function i32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32LE(value);
  return buffer;
}

export function u64(value: bigint): Buffer {
  const buffer = Buffer.alloc(8);
  buffer.writeBigUInt64LE(value);
  return buffer;
}

export const utf16 = (text: string) => Buffer.from(text, 'utf16le');

export const bVarChar = (text: string) => Buffer.concat([u8(text.length), utf16(text)]);

export const usVarChar = (text: string) => Buffer.concat([u16(text.length), utf16(text)]);

/** B_VARBYTE: a one-byte length, then the bytes. */
export const bVarByte = (bytes: Buffer) => Buffer.concat([u8(bytes.length), bytes]);

/** US_VARBYTE: a two-byte length, then the bytes. */
export const usVarByte = (bytes: Buffer) => Buffer.concat([u16(bytes.length), bytes]);
