import { Readable } from 'node:stream';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection from 'nodemailer/lib/smtp-connection';

/*
 * A small pool of nodemailer SMTP connections (SMTP_URL: smtp:// upgrades with STARTTLS when the
 * server offers it, smtps:// is TLS from the start; user and password from the URL; tls.* query
 * options as nodemailer reads them). nodemailer's own pooled transport is not used because the
 * sender must record, before the message's final dot leaves, that the server may now keep it
 * (docs/decisions/026-email-campaigns.md): here the message is a stream read only after the
 * server's 354, and its end waits for that record.
 */

export interface SmtpMessage {
  from: string;
  to: string;
  /** The whole RFC 5322 message. */
  raw: Buffer;
}

export type SmtpResult =
  | { ok: true }
  | {
      ok: false;
      /** The server's reply code, when it answered. */
      code: number | undefined;
      /** 4xx or a connection problem: worth another try later. */
      temporary: boolean;
      /** The message's end had left: without a reply, the server may have kept it. */
      inDoubt: boolean;
      error: string;
    };

export interface SmtpPoolOptions {
  maxConnections?: number;
  /** Milliseconds of silence before a connection is given up. */
  socketTimeoutMs?: number;
}

function connectionOptions(
  url: string,
  timeoutMs: number,
): { options: SMTPConnection.Options; auth: SMTPConnection.Credentials | undefined } {
  const parsed = new URL(url);
  const fromUrl = parseConnectionUrl(url);
  const user = decodeURIComponent(parsed.username);
  const pass = decodeURIComponent(parsed.password);
  const { auth: _ignored, ...rest } = fromUrl as SMTPConnection.Options & { auth?: unknown };
  return {
    options: {
      ...rest,
      host: parsed.hostname.replace(/^\[|\]$/g, ''),
      secure: parsed.protocol === 'smtps:',
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    },
    auth: user || pass ? { user, pass } : undefined,
  };
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message.slice(0, 500) : String(err);
}

export class SmtpPool {
  private readonly options: SMTPConnection.Options;
  private readonly auth: SMTPConnection.Credentials | undefined;
  private readonly max: number;
  private readonly idle: SMTPConnection[] = [];
  private readonly waiting: Array<() => void> = [];
  private open = 0;
  private closed = false;

  constructor(url: string, options: SmtpPoolOptions = {}) {
    const { options: connection, auth } = connectionOptions(url, options.socketTimeoutMs ?? 30_000);
    this.auth = auth;
    this.options = connection;
    this.max = options.maxConnections ?? 5;
  }

  /** Sends one message; `beforeEnd` runs (and must finish) before the message's final dot is sent. */
  async send(message: SmtpMessage, beforeEnd: () => Promise<void>): Promise<SmtpResult> {
    let connection: SMTPConnection;
    try {
      connection = await this.acquire();
    } catch (err) {
      return { ok: false, code: undefined, temporary: true, inDoubt: false, error: errorText(err) };
    }
    let ending = false;
    let committed = false;
    let pushed = false;
    const body = new Readable({
      read() {
        if (!pushed) {
          pushed = true;
          this.push(message.raw);
          return;
        }
        if (ending) return;
        ending = true;
        beforeEnd().then(
          () => {
            committed = true;
            this.push(null);
          },
          (err) => this.destroy(err instanceof Error ? err : new Error(String(err))),
        );
      },
    });
    return new Promise<SmtpResult>((resolve) => {
      connection.send({ from: message.from, to: [message.to] }, body, (err) => {
        if (!err) {
          this.release(connection);
          resolve({ ok: true });
          return;
        }
        // After any refusal the connection is closed rather than reset: a new one is cheap.
        this.discard(connection);
        const code = typeof err.responseCode === 'number' ? err.responseCode : undefined;
        resolve({
          ok: false,
          code,
          temporary: code === undefined || (code >= 400 && code < 500),
          inDoubt: code === undefined && committed,
          error: errorText(err),
        });
      });
    });
  }

  /** Closes every connection; sends under way end with an error. */
  close() {
    this.closed = true;
    for (const c of this.idle.splice(0)) c.quit();
    for (const wake of this.waiting.splice(0)) wake();
  }

  private async acquire(): Promise<SMTPConnection> {
    for (;;) {
      if (this.closed) throw new Error('The mail sender is stopping');
      const idle = this.idle.pop();
      if (idle) return idle;
      if (this.open < this.max) {
        this.open += 1;
        try {
          return await this.connect();
        } catch (err) {
          this.open -= 1;
          this.wakeOne();
          throw err;
        }
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  /**
   * A new connection, greeted (and logged in) and ready to send. nodemailer calls connect()'s
   * callback only on success: a refused connection, a DNS or TLS failure or a timeout is an 'error'
   * event (or the end of the connection), so while connecting both of them fail the connect, and the
   * send that asked for it counts as a temporary failure like a 4xx.
   */
  private connect(): Promise<SMTPConnection> {
    const connection = new SMTPConnection(this.options);
    let stage: 'connecting' | 'ready' | 'failed' = 'connecting';
    return new Promise((resolve, reject) => {
      const fail = (err: unknown) => {
        if (stage !== 'connecting') return;
        stage = 'failed';
        // acquire() gives the place back; the end this close emits is not counted again.
        connection.close();
        reject(err instanceof Error ? err : new Error(String(err)));
      };
      const ready = () => {
        if (stage !== 'connecting') return;
        stage = 'ready';
        resolve(connection);
      };
      // Once ready, an error reaches the send under way through its callback, and an idle
      // connection's error only closes it (its end below).
      connection.on('error', fail);
      connection.on('end', () => {
        if (stage === 'ready') this.forget(connection);
        else fail(new Error('The mail server closed the connection before it was ready'));
      });
      connection.connect((err) => {
        if (err) return fail(err);
        if (!this.auth) return ready();
        connection.login(this.auth, (loginErr) => (loginErr ? fail(loginErr) : ready()));
      });
    });
  }

  private release(connection: SMTPConnection) {
    if (this.closed) {
      this.discard(connection);
      return;
    }
    this.idle.push(connection);
    this.wakeOne();
  }

  private discard(connection: SMTPConnection) {
    this.forget(connection);
    connection.close();
  }

  /** A connection that ended (closed by us or by the server) no longer counts. */
  private forget(connection: SMTPConnection) {
    const at = this.idle.indexOf(connection);
    if (at >= 0) this.idle.splice(at, 1);
    const tracked = connection as SMTPConnection & { backroomForgotten?: boolean };
    if (tracked.backroomForgotten) return;
    tracked.backroomForgotten = true;
    this.open -= 1;
    this.wakeOne();
  }

  private wakeOne() {
    this.waiting.shift()?.();
  }
}
