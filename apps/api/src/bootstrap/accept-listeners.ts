import net from 'node:net';
import type { FastifyInstance, FastifyListenOptions } from 'fastify';

/**
 * How many listening sockets the app's port gets by default (decision 057, seventh stop). libuv
 * takes one connection off a listening socket per turn of the event loop (libuv 1.45, its pull
 * request 3696), and under load a turn of this server takes about 20 ms: 200 connections opened at
 * once waited up to 3.6 s to be accepted, one per turn, while the ones accepted first went round
 * their calls. Each socket of the port is one more connection taken per turn.
 */
export const ACCEPT_LISTENERS = 8;

/**
 * The app listening on `port` and `host` through `listeners` sockets: Fastify's own, and the others
 * bound to the same address with SO_REUSEPORT (the kernel spreads the new connections among them),
 * each handing its connections to the app's HTTP server as its own would be. Their sockets stop
 * accepting when the app closes, as Fastify's does, and the app's close waits for their requests. One listener is Fastify's plain listen.
 *
 * SO_REUSEPORT would also let a second process of the same user bind the port beside this one and
 * silently take half the connections; so a fixed port is first bound plainly, which fails as
 * before (EADDRINUSE) when anything holds it, and released just before the group binds it.
 */
export async function listenAccepting(
  app: FastifyInstance,
  options: { port: number; host: string; listeners?: number },
): Promise<void> {
  // SO_REUSEPORT spreads connections among a port's sockets on Linux; elsewhere (macOS, Windows) it
  // does not, or Node refuses it: Fastify's listen alone there.
  const listeners = process.platform === 'linux' ? (options.listeners ?? ACCEPT_LISTENERS) : 1;
  if (listeners <= 1) {
    await app.listen({ port: options.port, host: options.host });
    return;
  }
  if (options.port !== 0) await portIsFree(options.port, options.host);
  const extras: net.Server[] = [];
  const extrasClosed: Promise<void>[] = [];
  // Added before listen (Fastify takes no hook once started). The extra sockets stop accepting with
  // Fastify's (preClose); the app's close then waits for their connections too (onClose, which
  // runs once Fastify's server has closed): Node's server.close waits only for the connections that
  // server itself accepted, and a request under way on another socket must still get its answer
  // before the process closes its database.
  app.addHook('preClose', async () => {
    for (const extra of extras) extrasClosed.push(new Promise((resolve) => extra.close(() => resolve())));
  });
  app.addHook('onClose', async () => {
    await Promise.all(extrasClosed);
  });
  // Node passes reusePort to the socket (Node 22.12); Fastify hands its options to server.listen.
  await app.listen({ port: options.port, host: options.host, reusePort: true } as FastifyListenOptions);
  // A pipe's address is a string: no SO_REUSEPORT there, Fastify's socket alone.
  for (const bound of app.addresses()) {
    if (typeof bound === 'string') continue;
    for (let i = 1; i < listeners; i++) {
      const extra = net.createServer((socket) => app.server.emit('connection', socket));
      await new Promise<void>((resolve, reject) => {
        extra.once('error', reject);
        extra.listen({ port: bound.port, host: bound.address, reusePort: true }, () => {
          extra.off('error', reject);
          resolve();
        });
      });
      extras.push(extra);
    }
  }
}

/** Resolves when a plain socket can bind `port` on `host` (and has released it); EADDRINUSE otherwise. */
function portIsFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
