import net, { type AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/** A message the test SMTP server accepted (answered 250). */
export interface Received {
  from: string;
  to: string[];
  raw: Buffer;
  mail: ParsedMail;
}

/** What the server answers a message's RCPT TO or its end of data: undefined accepts it. */
export type Answer = { code: number; message: string } | undefined;

export interface MailServerOptions {
  /** Decides each recipient (before DATA); may wait as long as it likes. */
  onRecipient?: (address: string) => Promise<Answer> | Answer;
  /** Decides each message once its data arrived. */
  onMessage?: (to: string[], attempt: number) => Promise<Answer> | Answer;
  /** Offer STARTTLS (smtp-server's own self-signed certificate) and require this login. */
  starttls?: boolean;
  auth?: { user: string; pass: string };
  /** Listen on this port (one the app was already told about); a free one when absent. */
  port?: number;
}

export interface MailServer {
  port: number;
  /** Sessions that upgraded to TLS, and logins that succeeded. */
  secured: number;
  logins: string[];
  url: string;
  received: Received[];
  /** Every message whose data arrived, accepted or not, by recipient. */
  attempts: Map<string, number>;
  options: MailServerOptions;
  close(): Promise<void>;
}

function refusal(answer: NonNullable<Answer>): Error {
  return Object.assign(new Error(answer.message), { responseCode: answer.code });
}

/** A real SMTP server (the smtp-server package) on a port of 127.0.0.1 (free, or the one asked), no TLS, no login. */
export async function startMailServer(options: MailServerOptions = {}): Promise<MailServer> {
  const received: Received[] = [];
  const attempts = new Map<string, number>();
  const state = { secured: 0, logins: [] as string[] };
  const server = new SMTPServer({
    authOptional: !options.auth,
    disabledCommands: options.starttls ? [] : ['STARTTLS', 'AUTH'],
    logger: false,
    onSecure(_socket, _session, callback) {
      state.secured += 1;
      callback();
    },
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) {
        state.logins.push(auth.username as string);
        return callback(null, { user: auth.username });
      }
      return callback(new Error('Invalid username or password'));
    },
    size: 5 * 1024 * 1024,
    onRcptTo(address, _session: SMTPServerSession, callback) {
      Promise.resolve(options.onRecipient?.(address.address))
        .then((answer) => callback(answer ? refusal(answer) : undefined))
        .catch(callback);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        try {
          const to = session.envelope.rcptTo.map((r) => r.address);
          const attempt = (attempts.get(to.join(',')) ?? 0) + 1;
          attempts.set(to.join(','), attempt);
          const answer = await options.onMessage?.(to, attempt);
          if (answer) return callback(refusal(answer));
          const raw = Buffer.concat(chunks);
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          received.push({ from, to, raw, mail: await simpleParser(raw) });
          callback();
        } catch (err) {
          callback(err as Error);
        }
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    get secured() {
      return state.secured;
    },
    logins: state.logins,
    url: `smtp://127.0.0.1:${port}`,
    received,
    attempts,
    options,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port of 127.0.0.1 nothing listens on (it was free a moment ago): connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
