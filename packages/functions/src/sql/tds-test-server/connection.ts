import type { Socket } from 'node:net';
import type Database from 'better-sqlite3';
import { preloginResponse, readLogin7 } from './login';
import { MessageReader, PACKET, packet, packetsOf, type TdsMessage } from './packets';
import { UnsupportedTypeError } from './parameter-values';
import { RequestRefusal, readRpc, readSqlBatch } from './requests';
import { colMetadataToken, rowToken } from './result-columns';
import { type Outcome, runStatement } from './run-statement';
import {
  COMMAND,
  collationEnvChange,
  DONE_STATUS,
  doneInProcToken,
  doneProcToken,
  doneToken,
  errorToken,
  loginAck,
  returnStatusToken,
  routingEnvChange,
  TDS_7_4,
  textEnvChange,
} from './tokens';

export interface ServerSettings {
  user: string;
  password: string;
  database: string;
  serverName: string;
  /** The packet size the server answers LOGIN7 with; the client's own when unset. */
  packetSize: number | undefined;
  /** Answer a good login by sending the client to this server instead (ENVCHANGE routing). */
  routeTo: { host: string; port: number } | undefined;
}

export interface ServerCounters {
  openConnections: number;
  /** LOGIN7 messages received: a login the client should not have sent shows here. */
  logins: number;
  /** ATTENTION packets received: how clients cancel a running request. */
  attentions: number;
  /** Responses an ATTENTION stopped before their end. */
  interruptedResponses: number;
}

type Phase = 'prelogin' | 'login' | 'ready';

/**
 * One client connection. Messages are answered one at a time, in order; an ATTENTION is
 * noted at once so that a response being written stops at the next token, and is
 * acknowledged with a DONE carrying the attention bit in a message of its own, which is
 * where tedious looks for it.
 */
export class TdsConnection {
  private phase: Phase = 'prelogin';
  private packetSize = 4096;
  private queue: Promise<void> = Promise.resolve();
  private unansweredAttentions = 0;
  private isClosed = false;
  private readonly wakeUps = new Set<() => void>();

  constructor(
    private readonly socket: Socket,
    private readonly db: Database.Database,
    private readonly settings: ServerSettings,
    private readonly counters: ServerCounters,
  ) {
    const reader = new MessageReader(
      (message) => this.enqueue(() => this.answer(message)),
      () => {
        this.counters.attentions++;
        this.unansweredAttentions++;
        this.wakeUp();
        this.enqueue(() => this.acknowledgeAttention());
      },
    );
    socket.on('data', (chunk) => {
      try {
        reader.push(chunk);
      } catch {
        socket.destroy();
      }
    });
    socket.on('close', () => {
      this.isClosed = true;
      this.wakeUp();
    });
    socket.on('error', () => {});
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((error: unknown) => {
      // A fault of this server, not of the client: say so instead of only hanging up.
      console.error('TDS test server:', error);
      this.socket.destroy();
    });
  }

  private async answer(message: TdsMessage): Promise<void> {
    if (this.isClosed) return;
    if (this.phase === 'prelogin' && message.type === PACKET.PRELOGIN) {
      this.phase = 'login';
      return this.send([preloginResponse()]);
    }
    if (this.phase === 'login' && message.type === PACKET.LOGIN7) return this.logIn(message.payload);
    if (this.phase === 'ready' && message.isIgnored) return this.send([doneToken(DONE_STATUS.FINAL, 0, 0)]);
    if (this.phase === 'ready' && message.type === PACKET.SQL_BATCH) return this.runRequest(message, false);
    if (this.phase === 'ready' && message.type === PACKET.RPC) return this.runRequest(message, true);
    this.socket.destroy();
  }

  private async logIn(payload: Buffer): Promise<void> {
    this.counters.logins++;
    const login = readLogin7(payload);
    const { user, password, database, serverName, routeTo } = this.settings;
    if (login.tdsVersion < TDS_7_4) {
      this.socket.destroy();
      return;
    }
    /** SQL Server's last word on any failed login is 18456, after the reason if it gives one. */
    const refuse = (...reasons: Buffer[]) =>
      this.send([
        ...reasons,
        errorToken({
          number: 18456,
          severity: 14,
          message: `Login failed for user '${login.userName}'.`,
          serverName,
        }),
        doneToken(DONE_STATUS.ERROR, 0, 0),
      ]);
    if (login.userName !== user || login.password !== password) return refuse();
    if (login.database !== '' && login.database !== database) {
      const message = `Cannot open database "${login.database}" requested by the login. The login failed.`;
      return refuse(errorToken({ number: 4060, severity: 11, message, serverName }));
    }
    const packetSize = this.settings.packetSize ?? login.packetSize;
    await this.send([
      textEnvChange(1, database, 'master'),
      collationEnvChange(),
      textEnvChange(2, 'us_english', ''),
      textEnvChange(4, String(packetSize), String(login.packetSize)),
      loginAck(serverName),
      ...(routeTo ? [routingEnvChange(routeTo.host, routeTo.port)] : []),
      doneToken(DONE_STATUS.FINAL, 0, 0),
    ]);
    this.packetSize = packetSize;
    this.phase = 'ready';
  }

  private async runRequest(message: TdsMessage, isRpc: boolean): Promise<void> {
    let outcome: Outcome;
    try {
      outcome = runStatement(this.db, isRpc ? readRpc(message.payload) : readSqlBatch(message.payload));
    } catch (error) {
      if (!(error instanceof RequestRefusal || error instanceof UnsupportedTypeError)) throw error;
      const number = error instanceof RequestRefusal ? error.number : 8016;
      const failure = errorToken({
        number,
        severity: 16,
        message: error.message,
        serverName: this.settings.serverName,
      });
      const end = isRpc ? doneProcToken : doneToken;
      return this.sendResponse([failure, end(DONE_STATUS.ERROR, isRpc ? COMMAND.EXECUTE : COMMAND.NONE, 0)]);
    }
    if (outcome.kind === 'wait') await this.waitUnlessCancelled(outcome.milliseconds);
    return this.sendResponse(this.tokensOf(outcome, isRpc));
  }

  /** The statement's own DONE, then, for an RPC, the procedure's return status and DONEPROC. */
  private *tokensOf(outcome: Outcome, isRpc: boolean): Generator<Buffer> {
    const statementDone = isRpc ? doneInProcToken : doneToken;
    const more = isRpc ? DONE_STATUS.MORE : DONE_STATUS.FINAL;
    if (outcome.kind === 'rows') {
      yield colMetadataToken(outcome.columns);
      for (const row of outcome.rows) yield rowToken(outcome.columns, row);
      yield statementDone(more | DONE_STATUS.COUNT, COMMAND.SELECT, outcome.rows.length);
    } else if (outcome.kind === 'changes' && outcome.count !== undefined) {
      yield statementDone(more | DONE_STATUS.COUNT, outcome.command, outcome.count);
    } else {
      yield statementDone(more, COMMAND.NONE, 0);
    }
    if (isRpc) {
      yield returnStatusToken(0);
      yield doneProcToken(DONE_STATUS.FINAL, COMMAND.EXECUTE, 0);
    }
  }

  /**
   * Writes a response packet by packet, letting the client's packets in between. After an
   * ATTENTION the message ends at the next token boundary and the acknowledgement follows.
   */
  private async sendResponse(tokens: Iterable<Buffer>): Promise<void> {
    const room = this.packetSize - 8;
    let pending = Buffer.alloc(0);
    let packetId = 1;
    for (const token of tokens) {
      if (this.unansweredAttentions > 0 || this.isClosed) break;
      pending = Buffer.concat([pending, token]);
      while (pending.length > room) {
        await this.write(packet(PACKET.TABULAR_RESULT, pending.subarray(0, room), false, packetId));
        packetId = (packetId + 1) % 256;
        pending = pending.subarray(room);
      }
    }
    const isCancelled = this.unansweredAttentions > 0;
    if (isCancelled) {
      this.counters.interruptedResponses++;
      pending = Buffer.concat([pending, doneToken(DONE_STATUS.FINAL, 0, 0)]);
    }
    await this.write(packet(PACKET.TABULAR_RESULT, pending, true, packetId));
    if (isCancelled) await this.acknowledgeAttention();
  }

  private async acknowledgeAttention(): Promise<void> {
    if (this.unansweredAttentions === 0) return;
    this.unansweredAttentions = 0;
    await this.send([doneToken(DONE_STATUS.ATTENTION, 0, 0)]);
  }

  private async send(tokens: Buffer[]): Promise<void> {
    for (const part of packetsOf(PACKET.TABULAR_RESULT, Buffer.concat(tokens), this.packetSize)) {
      await this.write(part);
    }
  }

  /** Resolves once the socket takes more, after a turn of the event loop for incoming data. */
  private async write(bytes: Buffer): Promise<void> {
    if (this.isClosed) return;
    if (this.socket.write(bytes)) return new Promise<void>((resolve) => setImmediate(resolve));
    await new Promise<void>((resolve) => {
      const go = () => {
        this.socket.off('drain', go).off('close', go);
        resolve();
      };
      this.socket.on('drain', go).on('close', go);
    });
  }

  private waitUnlessCancelled(milliseconds: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUps.delete(done);
        resolve();
      };
      const timer = setTimeout(done, milliseconds);
      this.wakeUps.add(done);
    });
  }

  private wakeUp(): void {
    for (const wake of [...this.wakeUps]) wake();
  }
}
