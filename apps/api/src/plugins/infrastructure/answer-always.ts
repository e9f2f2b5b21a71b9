import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Once a request has begun, its answer always comes (issue 21, docs/decisions/045-overload.md).
 * REQUEST_TIMEOUT is two timers: Node's requestTimeout, which closes a connection whose request
 * has not fully arrived in time (408), and the socket's idle timer (Fastify's connectionTimeout),
 * which would also cut a connection silent because the server is still working on its request: a
 * slow upload on a busy machine was saved, yet its client saw the connection reset and tried again.
 * The idle timer is stopped for the request's life; receiving stays bounded by requestTimeout and
 * headersTimeout, and Node gives the kept-alive connection its KEEP_ALIVE_TIMEOUT after the answer.
 */
export const answerAlwaysPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, _reply, done) => {
    // A real socket (an injected request's stand-in has no timers).
    const socket = request.raw.socket as Partial<import('node:net').Socket> | undefined;
    if (typeof socket?.setTimeout === 'function') socket.setTimeout(0);
    done();
  });
});
