import net, { type AddressInfo } from 'node:net';
import { API_PATHS, EVENTS } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSocket } from '../helpers/admin-socket';
import { createTestApp, type TestApp } from '../helpers/app';
import { adminToken } from '../helpers/catalogue';
import { PATIENCE_MS } from '../helpers/wait';

// Short timeouts so the test runs in seconds; the defaults are 10 s, 60 s and 5 s.
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ HEADERS_TIMEOUT: '500ms', REQUEST_TIMEOUT: '1s', KEEP_ALIVE_TIMEOUT: '500ms' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/**
 * A safety net far above every timeout configured here: a socket still open by then is held for
 * ever. A busy machine only makes the server's timers late, never this wait short.
 */
const GIVE_UP_MS = PATIENCE_MS;

interface Held {
  socket: net.Socket;
  /** Everything the server wrote, and whether it closed the socket before GIVE_UP_MS. */
  closed: Promise<{ received: string; closedByServer: boolean }>;
}

/** A raw connection to the app; `closed` settles when the server closes it (or we give up). */
async function connect(): Promise<Held> {
  const socket = net.connect({ port, host: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  socket.on('error', () => {});
  const closed = new Promise<{ received: string; closedByServer: boolean }>((resolve) => {
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ received, closedByServer: false });
    }, GIVE_UP_MS);
    socket.once('close', () => {
      clearTimeout(giveUp);
      resolve({ received, closedByServer: true });
    });
  });
  return { socket, closed };
}

/** Writes a piece every 100 ms while the socket is open, so it is never silent: a slow client. */
function trickle(socket: net.Socket, piece: string) {
  const timer = setInterval(() => {
    if (socket.writable) socket.write(piece);
    else clearInterval(timer);
  }, 100);
  socket.once('close', () => clearInterval(timer));
}

describe('connections that never finish a request are closed', () => {
  it('headers that never end: 408 and closed', async () => {
    const { socket, closed } = await connect();
    socket.write(`GET ${API_PATHS.live} HTTP/1.1\r\nHost: localhost\r\n`);
    trickle(socket, 'X-Slow: a\r\n');
    const { received, closedByServer } = await closed;
    expect(closedByServer).toBe(true);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a body short of its content-length: 408 and closed', async () => {
    const { socket, closed } = await connect();
    socket.write(
      `POST ${API_PATHS.login} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        'Content-Length: 5000\r\n\r\n{"email":"',
    );
    trickle(socket, 'a');
    const { received, closedByServer } = await closed;
    expect(closedByServer).toBe(true);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a connection that sends nothing at all is closed', async () => {
    const { closed } = await connect();
    expect((await closed).closedByServer).toBe(true);
  });

  it('an idle keep-alive connection is closed after its answer', async () => {
    const { socket, closed } = await connect();
    socket.write(`GET ${API_PATHS.live} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`);
    const { received, closedByServer } = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(closedByServer).toBe(true);
  });

  it('a complete request on a slow line is answered', async () => {
    const { socket, closed } = await connect();
    // A body the schema refuses: answered at once, with no password check to wait for.
    const body = JSON.stringify({ email: 'not-an-email', password: 'x' });
    // The body leaves once the server has read the headers and is handling the request.
    const handling = new Promise((resolve) => t.app.server.once('request', resolve));
    socket.write(
      `POST ${API_PATHS.login} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    await handling;
    socket.write(body);
    const { received } = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('a realtime websocket outlives the request and idle timeouts', async () => {
    const socket = await adminSocket(t, await adminToken(t));
    try {
      // Connections opened after it, one silent and one idle after its answer: once the server
      // has closed both, the headers, request and keep-alive timeouts have all run out meanwhile.
      const silent = await connect();
      const idle = await connect();
      idle.socket.write(`GET ${API_PATHS.live} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`);
      const ended = await Promise.all([silent.closed, idle.closed]);
      expect(ended.map((e) => e.closedByServer)).toEqual([true, true]);
      expect(socket.connected).toBe(true);
      // The server still answers on it (a rejection here would fail the test).
      await socket.timeout(PATIENCE_MS).emitWithAck(EVENTS.joinAdminGlobal);
      expect(socket.connected).toBe(true);
    } finally {
      socket.disconnect();
    }
  });
});
