import { bVarByte, bVarChar, i32, u8, u16, u32, u64, usVarByte, usVarChar, utf16 } from './wire';

/** SQL_Latin1_General_CP1_CI_AS: LCID 0x0409 with its sort flags, sort id 52. */
export const COLLATION = Buffer.from([0x09, 0x04, 0xd0, 0x00, 0x34]);

export const TDS_7_4 = 0x74000004;

export const DONE_STATUS = { FINAL: 0x00, MORE: 0x01, ERROR: 0x02, COUNT: 0x10, ATTENTION: 0x20 } as const;

/** The CURCMD of DONE tokens: the kind of statement that ended. */
export const COMMAND = { NONE: 0x00, SELECT: 0xc1, INSERT: 0xc3, DELETE: 0xc4, UPDATE: 0xc5, EXECUTE: 0xe0 };

const withLength = (token: number, body: Buffer) => Buffer.concat([u8(token), u16(body.length), body]);

export const loginAck = (programName: string) =>
  withLength(
    0xad,
    Buffer.concat([
      u8(1), // SQL_TSQL
      Buffer.from([0x74, 0x00, 0x00, 0x04]), // TDS 7.4, big-endian here
      bVarChar(programName),
      Buffer.from([16, 0, 0x10, 0x00]),
    ]),
  );

/** ENVCHANGE with text values: database (1), language (2), packet size (4). */
export const textEnvChange = (type: 1 | 2 | 4, newValue: string, oldValue: string) =>
  withLength(0xe3, Buffer.concat([u8(type), bVarChar(newValue), bVarChar(oldValue)]));

export const collationEnvChange = () =>
  withLength(0xe3, Buffer.concat([u8(7), bVarByte(COLLATION), bVarByte(Buffer.alloc(0))]));

/** ENVCHANGE 20: the client is to log in again at another server (Azure SQL's redirect). */
export function routingEnvChange(host: string, port: number): Buffer {
  const route = Buffer.concat([u8(0), u16(port), u16(host.length), utf16(host)]);
  return withLength(0xe3, Buffer.concat([u8(20), usVarByte(route), usVarByte(Buffer.alloc(0))]));
}

export interface ServerMessage {
  number: number;
  /** 14 for login failures, 16 for errors in a command. */
  severity: number;
  message: string;
  serverName: string;
}

export const errorToken = ({ number, severity, message, serverName }: ServerMessage) =>
  withLength(
    0xaa,
    Buffer.concat([
      u32(number),
      u8(1),
      u8(severity),
      usVarChar(message),
      bVarChar(serverName),
      bVarChar(''),
      u32(1),
    ]),
  );

const done = (token: number) => (status: number, command: number, rowCount: number) =>
  Buffer.concat([u8(token), u16(status), u16(command), u64(BigInt(rowCount))]);

export const doneToken = done(0xfd);
export const doneProcToken = done(0xfe);
export const doneInProcToken = done(0xff);

export const returnStatusToken = (value: number) => Buffer.concat([u8(0x79), i32(value)]);
