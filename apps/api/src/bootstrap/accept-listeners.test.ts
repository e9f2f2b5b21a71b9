import diagnostics from 'node:diagnostics_channel';
import http from 'node:http';
import type net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { listenAccepting } from './accept-listeners';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

const appAnswering = () => {
  const app = Fastify();
  app.get('/', async () => ({ ok: true }));
  apps.push(app);
  return app;
};

/** The statuses of `count` requests sent at once, each on a connection of its own. */
const getAtOnce = (port: number, count: number) =>
  Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<number | undefined>((resolve, reject) => {
          http
            .get({ port, host: '127.0.0.1', path: '/', agent: false }, (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode));
            })
            .on('error', reject);
        }),
    ),
  );

describe.runIf(process.platform === 'linux')('the app listening through several sockets', () => {
  it('answers on every socket of the port, and they all stop accepting when the app closes', async () => {
    const app = appAnswering();
    await listenAccepting(app, { port: 0, host: '127.0.0.1', listeners: 4 });
    const { port } = app.server.address() as net.AddressInfo;
    // Which of the port's sockets took each connection: Node sets an accepted socket's _server to
    // it (and its server to the HTTP server it is handed to).
    const acceptedBy = new Set<unknown>();
    const onSocket = (message: unknown) => acceptedBy.add((message as { socket: { _server: unknown } }).socket._server);
    diagnostics.subscribe('net.server.socket', onSocket);
    try {
      // 80 connections spread by the kernel's hash: all four sockets take some (but once in 10^9).
      expect(await getAtOnce(port, 80)).toEqual(Array(80).fill(200));
    } finally {
      diagnostics.unsubscribe('net.server.socket', onSocket);
    }
    expect(acceptedBy.size).toBe(4);
    await app.close();
    apps.length = 0;
    await expect(getAtOnce(port, 8)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('refuses a port another socket holds, as a plain listen does', async () => {
    const first = appAnswering();
    await listenAccepting(first, { port: 0, host: '127.0.0.1', listeners: 4 });
    const { port } = first.server.address() as net.AddressInfo;
    await expect(listenAccepting(appAnswering(), { port, host: '127.0.0.1', listeners: 4 })).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
  });
});
