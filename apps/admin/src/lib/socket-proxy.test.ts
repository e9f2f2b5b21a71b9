import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MessageChannel } from 'node:worker_threads';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSocket } from './socket-bridge';
import type { FromWorker, OpenMessage, Port, ToWorker } from './socket-messages';
import { SocketProxy } from './socket-proxy';

/*
 * The page's proxy and the worker's bridge joined by a MessageChannel (what a Worker's postMessage
 * is made of), the bridge driving socket.io's real client against a real socket.io server.
 */
const httpServer = createServer();
const server = new Server(httpServer);
let url = '';
const tokensSeen: string[] = [];
const connected: ServerSocket[] = [];
const onServerConnection: ((socket: ServerSocket) => void)[] = [];

beforeAll(async () => {
  server.use((socket, next) => {
    tokensSeen.push(String(socket.handshake.auth.token));
    next();
  });
  server.on('connection', (socket) => {
    connected.push(socket);
    socket.on('ping-me', (value: number, answer: (doubled: number) => void) => answer(value * 2));
    for (const listener of onServerConnection.splice(0)) listener(socket);
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await server.close();
});

function nextServerConnection(): Promise<ServerSocket> {
  return new Promise((resolve) => onServerConnection.push(resolve));
}

/** A proxy whose worker side runs here; answers it with the two ports to close. */
function joined(readToken: () => string) {
  const { port1, port2 } = new MessageChannel();
  serveSocket(port2 as unknown as Port<FromWorker, ToWorker>, io);
  const proxy = new SocketProxy(readToken);
  const open: OpenMessage = {
    kind: 'open',
    url,
    options: { reconnectionDelay: 10, reconnectionDelayMax: 20, timeout: 5000 },
  };
  let closed = () => {};
  const done = new Promise<void>((resolve) => {
    closed = resolve;
  });
  return {
    proxy,
    attach: () => proxy.attach(port1 as unknown as Port<ToWorker, FromWorker>, open, closed),
    closed: done,
    end: () => {
      port1.close();
      port2.close();
    },
  };
}

function once(proxy: SocketProxy, event: string): Promise<unknown[]> {
  return new Promise((resolve) => {
    const listener = (...args: unknown[]) => {
      proxy.off(event, listener);
      resolve(args);
    };
    proxy.on(event, listener);
  });
}

describe('the socket behind a worker', () => {
  it('keeps listeners and emits made before it is attached, mirrors connected, answers acks', async () => {
    let token = 'first-token';
    const { proxy, attach, closed, end } = joined(() => token);
    const greeted = once(proxy, 'greeting');
    const up = once(proxy, 'connect');
    const answered = new Promise((resolve) => proxy.emit('ping-me', 21, resolve));
    const serverSide = nextServerConnection();
    expect(proxy.connected).toBe(false);

    attach();
    await up;
    expect(proxy.connected).toBe(true);
    expect(await answered).toBe(42);
    expect(tokensSeen.at(-1)).toBe('first-token');

    (await serverSide).emit('greeting', { hello: 'admin' }, 2);
    expect(await greeted).toEqual([{ hello: 'admin' }, 2]);

    // A transport closed under it: socket.io reconnects, asking for the token again.
    token = 'refreshed-token';
    const down = once(proxy, 'disconnect');
    const again = once(proxy, 'connect');
    (await serverSide).conn.close();
    expect(await down).toEqual(['transport close']);
    await again;
    expect(proxy.connected).toBe(true);
    expect(tokensSeen.at(-1)).toBe('refreshed-token');

    // Closed: the server sees it go, the worker says it is done, no listener is called after.
    const current = connected.at(-1) as ServerSocket;
    const gone = new Promise((resolve) => current.on('disconnect', resolve));
    let calledAfter = false;
    proxy.on('disconnect', () => {
      calledAfter = true;
    });
    proxy.close();
    expect(await gone).toBe('client namespace disconnect');
    await closed;
    expect(proxy.connected).toBe(false);
    expect(calledAfter).toBe(false);
    end();
  });

  it('calls a listener no more once it is taken off', async () => {
    const { proxy, attach, closed, end } = joined(() => '');
    const seen: number[] = [];
    const listener = (value: number) => seen.push(value);
    proxy.on('count', listener);
    const serverSide = nextServerConnection();
    attach();
    const socket = await serverSide;
    const first = once(proxy, 'count');
    socket.emit('count', 1);
    await first;
    proxy.off('count', listener);
    const second = once(proxy, 'count');
    socket.emit('count', 2);
    await second;
    expect(seen).toEqual([1]);
    proxy.close();
    await closed;
    end();
  });
});
